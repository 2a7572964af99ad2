# `catlab record` of a grid cut into bands over ranks (mpirun -np RANKS, or --gpus GPUS), as a user would
# start it: its PNG frames are the frames one process records, byte for byte (the same pixels make the
# same files), zoomed out and zoomed in across the torus's edges, 2 and several states; options that
# cannot apply are refused on every rank. Run by ctest as `cmake -P`.
# Inputs: CATLAB, WORK, and MPIEXEC with RANKS, or GPUS (`--gpus` in one process).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

include("${CMAKE_CURRENT_LIST_DIR}/../support/expect_command.cmake")

if(DEFINED GPUS)
  set(ranks "${CATLAB}" record --gpus ${GPUS})
  set(backend auto)
  set(label "ranks \\(nccl\\)")
  execute_process(COMMAND ${ranks} --rule life --size 16 --steps 0 --width 16 --height 16 --format png --out gpus
                  WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 AND "${err}" MATCHES "no GPU here")
    message(STATUS "SKIPPED: ${err}")
    return()
  endif()
else()
  set(ranks "${MPIEXEC}" --oversubscribe -np ${RANKS} "${CATLAB}" record)
  set(backend cpu)
  set(label "on each of ${RANKS} ranks \\(mpi\\)")
endif()

# Without a headless OpenGL context there is nothing to record: the test is skipped (ctest reads SKIPPED).
execute_process(COMMAND "${CATLAB}" record --rule life --size 16 --steps 0 --width 16 --height 16 --format png
                        --out probe --no-progress
                WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 AND "${err}" MATCHES "OpenGL|EGL")
  message(STATUS "SKIPPED: no headless OpenGL here: ${err}")
  return()
endif()

# same_frames(<name> <frames> <options...>): one process with cpu-naive, then the ranks (with
# RANK_OPTIONS as well), both into PNG frames; every frame must be the same file.
function(same_frames name frames)
  expect_command(${name}_one_process 0 "wrote       ${frames} frames"
                 "${CATLAB}" record ${ARGN} --backend cpu-naive --format png --out ${name}_one --no-progress)
  expect_command(${name}_ranks 0 "${label}.*wrote       ${frames} frames"
                 ${ranks} ${ARGN} ${RANK_OPTIONS} --backend ${backend} --format png --out ${name}_ranks --no-progress)
  file(GLOB one RELATIVE "${WORK}/${name}_one" "${WORK}/${name}_one/*.png")
  list(LENGTH one count)
  if(NOT count EQUAL frames)
    message(SEND_ERROR "${name}: one process wrote ${count} frames, expected ${frames}")
    return()
  endif()
  foreach(frame IN LISTS one)
    file(SHA256 "${WORK}/${name}_one/${frame}" expected)
    if(NOT EXISTS "${WORK}/${name}_ranks/${frame}")
      message(SEND_ERROR "${name}: the ranks wrote no ${frame}")
      continue()
    endif()
    file(SHA256 "${WORK}/${name}_ranks/${frame}" got)
    if(NOT got STREQUAL expected)
      message(SEND_ERROR "${name}: ${frame} differs from one process's")
    endif()
  endforeach()
  message(STATUS "ok   ${name}_same_frames")
endfunction()

# Zoomed out: a pixel covers about 2.4 x 2.4 cells, straddling the bands' edges.
same_frames(life_fit 4 --rule life --size 301x227 --density 0.4 --seed 5 --steps 6 --every 2 --width 125 --height 94)
# Zoomed in, the frame centred near the corner: it shows the torus across both edges.
set(RANK_OPTIONS --halo-steps 2)
same_frames(decay_zoomed_in 3 --rule "R3,C5,M1,S9..20,B8..14,NM" --size 97x83 --density 0.3 --seed 2 --steps 4
            --every 2 --view 3 --centre 95,2 --width 120 --height 90 --colormap decay)
unset(RANK_OPTIONS)

# What a distributed grid cannot record is refused, saying why.
expect_command(cloud_refused nonzero "the cloud scene records in one process"
               ${ranks} --scene cloud --steps 1 --out cloud.mp4 --no-progress)
expect_command(halo_steps_alone_refused nonzero "--halo-steps is for a distributed grid"
               "${CATLAB}" record --rule life --size 64 --halo-steps 2 --out alone.mp4 --no-progress)
expect_command(plane_halo_steps_refused nonzero "exchanges its halos every generation: halo steps must be 1, not 2"
               ${ranks} --rule "B3/S23:P64,64" --halo-steps 2 --steps 1 --width 64 --height 64 --format png --out plane
               --backend ${backend} --no-progress)
