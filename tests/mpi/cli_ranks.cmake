# `catlab run` and `catlab bench` under mpirun, as a user would start them: the distributed run writes
# the same RLE as one process, bad splits end every rank with the reason. Run by ctest as `cmake -P`.
# Inputs: CATLAB, MPIEXEC, WORK, RANKS.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

include("${CMAKE_CURRENT_LIST_DIR}/../support/expect_command.cmake")

# run(<name> <exit code or "nonzero"> <regex> <command...>)
function(run name code regex)
  expect_command("${name}" "${code}" "${regex}" ${ARGN})
endfunction()

set(mpirun "${MPIEXEC}" --oversubscribe -np ${RANKS})
set(scene --rule bosco --size 211x157 --density 0.45 --seed 3 --steps 60 --no-progress)
run(one_process 0 "population  [0-9]+ at generation 60" "${CATLAB}" run ${scene} --backend cpu-naive --out one.rle)
run(ranks 0 "on each of ${RANKS} ranks \\(mpi\\).*rank 1 .*population  [0-9]+ at generation 60.*wrote"
    ${mpirun} "${CATLAB}" run ${scene} --backend cpu --halo-steps 2 --out ranks.rle)
file(READ "${WORK}/one.rle" one)
file(READ "${WORK}/ranks.rle" ranks)
if(NOT one STREQUAL ranks)
  message(SEND_ERROR "the RLE written by ${RANKS} ranks differs from one process's")
else()
  message(STATUS "ok   same_rle")
endif()
# Populations of every generation: the same CSV from the ranks as from one process.
run(one_process_csv 0 "wrote       one.csv" "${CATLAB}" run ${scene} --backend cpu-naive --population-csv one.csv)
run(ranks_csv 0 "wrote       ranks.csv" ${mpirun} "${CATLAB}" run ${scene} --backend cpu --population-csv ranks.csv)
file(READ "${WORK}/one.csv" one_csv)
file(READ "${WORK}/ranks.csv" ranks_csv)
if(NOT one_csv STREQUAL ranks_csv OR NOT one_csv MATCHES "^generation,population\n0,[0-9]+\n.*\n60,[0-9]+\n$")
  message(SEND_ERROR "the population CSV of ${RANKS} ranks differs from one process's (or is not one):\n${one_csv}\n${ranks_csv}")
else()
  message(STATUS "ok   same_population_csv")
endif()
run(ranks_read_rle 0 "from one.rle.*population  [0-9]+ at generation 60"
    ${mpirun} "${CATLAB}" run --in one.rle --steps 60 --backend cpu --no-progress)
math(EXPR more "${RANKS} + 1")
run(too_many_ranks nonzero "cannot split a grid of ${RANKS} rows over ${more} ranks"
    "${MPIEXEC}" --oversubscribe -np ${more} "${CATLAB}" run --rule life --size 64x${RANKS} --backend cpu --steps 1)
run(bench 0 "total.*wrote"
    ${mpirun} "${CATLAB}" bench --backends cpu --radius 1,3 --size 128x131 --steps 3 --repeats 2 --csv bench.csv)
file(STRINGS "${WORK}/bench.csv" rows)
list(LENGTH rows count)
math(EXPR expected "1 + 2 * (${RANKS} + 1)") # header, then per radius a row per rank and a total
if(NOT count EQUAL expected)
  message(SEND_ERROR "bench.csv has ${count} lines, expected ${expected}")
endif()
