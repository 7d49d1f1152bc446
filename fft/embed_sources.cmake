# Build step of the FFT library (fft/): the .lift building blocks (fft/lift/) are compiled into the
# library as string literals (fft_embedded_sources.cpp in the build tree), so a plan never reads
# the source tree at run time. Included from cmake/LiftclTargets.cmake after liftcl_fft.
set(LIFTCL_FFT_EMBEDDED_FILES
  fft/lift/prelude.lift
  fft/lift/stockham.lift
  fft/lift/cooley_tukey.lift
  fft/lift/four_step.lift
  fft/lift/local.lift
  fft/lift/fft_passes.lift
  fft/lift/bluestein.lift
  fft/lift/rader.lift
  fft/lift/real.lift)
# liftcl_embed_fft_sources(TARGET): generates the literals in the current build directory and
# adds them to TARGET.
function(liftcl_embed_fft_sources target)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/generated/fft_embedded_sources.cpp)
  set(depends)
  foreach(file ${LIFTCL_FFT_EMBEDDED_FILES})
    list(APPEND depends ${PROJECT_SOURCE_DIR}/${file})
  endforeach()
  string(REPLACE ";" "|" files_arg "${LIFTCL_FFT_EMBEDDED_FILES}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -DFILES=${files_arg}
            -DOUT=${out} -P ${PROJECT_SOURCE_DIR}/fft/embed_sources_script.cmake
    DEPENDS ${depends} ${PROJECT_SOURCE_DIR}/fft/embed_sources_script.cmake
    COMMENT "Embedding the FFT .lift building blocks"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
endfunction()
liftcl_embed_fft_sources(liftcl_fft)
