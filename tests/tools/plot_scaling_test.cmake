# tools/plot_scaling.py on the scaling runs on record: a plot from 1, 2 and 4 GPUs, each run against its
# one-GPU run (a run without one is refused, saying so). Exit 77 (skipped) without matplotlib.
set(bench "${SOURCE}/docs/bench")
set(runs "${bench}/distributed-weak-1-h200x4-534d28f.csv" "${bench}/distributed-weak-4-h200x4-534d28f.csv"
         "${bench}/distributed-weak-1-h200x4-5af1154.csv" "${bench}/distributed-weak-2-h200x4-5af1154.csv"
         "${bench}/distributed-strong-1-h200x4-534d28f.csv" "${bench}/distributed-strong-4-h200x4-534d28f.csv"
         "${bench}/distributed-strong-2-h200x4-5af1154.csv")
file(REMOVE "${WORK}/scaling.png")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${PYTHON}" "${SOURCE}/tools/plot_scaling.py" "${WORK}/scaling.png" ${runs}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(code EQUAL 3)
  message("SKIPPED: ${err}")
  return()
endif()
if(NOT code EQUAL 0 OR NOT EXISTS "${WORK}/scaling.png")
  message(FATAL_ERROR "plot_scaling.py exited ${code} without a plot: ${out}${err}")
endif()
if(NOT out MATCHES "distributed-strong-2-h200x4-5af1154.csv: compared with distributed-strong-1-h200x4-534d28f.csv")
  message(FATAL_ERROR "the two-GPU strong run should be compared with the other commit's one-GPU run: ${out}")
endif()
file(SIZE "${WORK}/scaling.png" bytes)
if(bytes LESS 10000)
  message(FATAL_ERROR "the plot is only ${bytes} bytes")
endif()
execute_process(COMMAND "${PYTHON}" "${SOURCE}/tools/plot_scaling.py" "${WORK}/alone.png"
                        "${bench}/distributed-weak-2-h200x4-5af1154.csv"
                RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 2 OR NOT err MATCHES "no one-rank weak run to compare with")
  message(FATAL_ERROR "a run without a one-GPU run should be refused (exit 2), got ${code}: ${err}")
endif()
