# expect_command(<name> <exit code or "nonzero"> <regex the output must match> <command...>): runs the
# command in WORK (ctest's `cmake -P` scripts), a SEND_ERROR naming the case when the exit code or the
# output (stdout and stderr together) is not as expected.
function(expect_command name code regex)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY "${WORK}" TIMEOUT 300)
  set(all "${out}${err}")
  if(code STREQUAL "nonzero")
    if(rc EQUAL 0)
      message(SEND_ERROR "${name}: exit 0, expected a failure\n${all}")
      return()
    endif()
  elseif(NOT rc STREQUAL "${code}")
    message(SEND_ERROR "${name}: exit ${rc}, expected ${code}\n${all}")
    return()
  endif()
  if(NOT all MATCHES "${regex}")
    message(SEND_ERROR "${name}: output does not match '${regex}':\n${all}")
    return()
  endif()
  message(STATUS "ok   ${name}")
endfunction()
