# liftcl_add_fft_plans: plan FFTs at build time and embed them in an application, which then
# creates them at run time from a descriptor (linking only liftcl::runtime):
#
#   liftcl_add_fft_plans(TARGET <target> NAME <name>
#                        SIZES <n>...                 # 2^a 3^b 5^c 7^d (any n by Bluestein), or
#                                                     # shapes of 2-3 axes, last fastest: 64x64
#                        [BATCHES <b>...]             # default 1
#                        [PRECISIONS f32|f64...]      # default f64
#                        [REAL]                       # real transforms (R2C; with INVERSE also C2R)
#                        [INVERSE [SCALE]]            # also the inverse plans (SCALE: times 1/n)
#                        [METHOD <method>]            # default: liftcl's choice (auto)
#                        [USE_WISDOM])                # use `liftcl fft --tune` results of the build machine
#
#   auto plan = liftcl::rt::FftPlan::create(cache, context, {n, batch, liftcl::rt::Precision::Float});
#   (a shape or REAL: a descriptor with .shape = {64, 64} and .real = true, n the shape's product)
#
# Every size x batch x precision (x direction) becomes one generated source
# (`liftcl fft ... --emit-cpp`) holding the plan's kernels and steps; it registers the plan during
# static initialisation (runtime/fft/fft_plan_registry.hpp), so the sources are added to TARGET itself
# (an executable or shared library; a static library would let the linker drop them). The kernels
# are specialised to n and batch, so every batch the app uses must be listed. Plans are made
# without the wisdom file unless USE_WISDOM is given, so builds do not depend on the build machine.
# NAME names the output directory, so one target can hold several sets.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/LiftclFunctionSupport.cmake")

function(liftcl_add_fft_plans)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "INVERSE;SCALE;USE_WISDOM;REAL" "TARGET;NAME;METHOD" "SIZES;BATCHES;PRECISIONS")
  _liftcl_check_arguments(liftcl_add_fft_plans)
  if(NOT ARG_NAME MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): NAME must be an identifier (got '${ARG_NAME}')")
  endif()
  if(NOT ARG_SIZES)
    message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): no SIZES given")
  endif()
  if(ARG_SCALE AND NOT ARG_INVERSE)
    message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): SCALE applies to inverse plans; add INVERSE")
  endif()
  if(NOT ARG_BATCHES)
    set(ARG_BATCHES 1)
  endif()
  if(NOT ARG_PRECISIONS)
    set(ARG_PRECISIONS f64)
  endif()
  _liftcl_executable(liftcl_exe liftcl_add_fft_plans)
  foreach(value IN LISTS ARG_BATCHES)
    if(NOT value MATCHES "^[1-9][0-9]*$")
      message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): '${value}' in BATCHES is not a positive integer")
    endif()
  endforeach()
  foreach(value IN LISTS ARG_SIZES)
    if(NOT value MATCHES "^[1-9][0-9]*(x[1-9][0-9]*)?(x[1-9][0-9]*)?$")
      message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): '${value}' in SIZES is neither a positive integer nor a shape such as 64x64")
    endif()
  endforeach()
  foreach(precision IN LISTS ARG_PRECISIONS)
    if(NOT precision MATCHES "^(f32|f64)$")
      message(FATAL_ERROR "liftcl_add_fft_plans(TARGET ${ARG_TARGET}): PRECISIONS takes f32 or f64 (got '${precision}')")
    endif()
  endforeach()
  set(directions forward)
  if(ARG_INVERSE)
    list(APPEND directions inverse)
  endif()
  set(common_args "")
  if(ARG_METHOD)
    list(APPEND common_args --method "${ARG_METHOD}")
  endif()
  if(NOT ARG_USE_WISDOM)
    list(APPEND common_args --no-wisdom)
  endif()
  set(kind "")
  if(ARG_REAL)
    list(APPEND common_args --real)
    set(kind "_real")
  endif()

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/liftcl_fft_plans/${ARG_TARGET}/${ARG_NAME}")
  set(sources "")
  foreach(n IN LISTS ARG_SIZES)
    foreach(batch IN LISTS ARG_BATCHES)
      foreach(precision IN LISTS ARG_PRECISIONS)
        foreach(direction IN LISTS directions)
          set(source "${out_dir}/fft_n${n}${kind}_b${batch}_${precision}_${direction}.cpp")
          set(args fft --n ${n} --batch ${batch} --precision ${precision} --emit-cpp "${source}" ${common_args})
          if(direction STREQUAL "inverse")
            list(APPEND args --inverse)
            if(ARG_SCALE)
              list(APPEND args --scale)
            endif()
          endif()
          add_custom_command(
            OUTPUT "${source}"
            COMMAND ${CMAKE_COMMAND} -E make_directory "${out_dir}"
            COMMAND ${liftcl_exe} ${args}
            DEPENDS $<TARGET_FILE:${liftcl_exe}>
            COMMENT "liftcl: FFT plan n=${n} batch=${batch} ${precision} ${direction}"
            VERBATIM)
          list(APPEND sources "${source}")
        endforeach()
      endforeach()
    endforeach()
  endforeach()
  target_sources(${ARG_TARGET} PRIVATE ${sources})
endfunction()
