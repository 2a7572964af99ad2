#include "render/egl_context.hpp"

#include "catlab/error.hpp"

#include <glad/egl.h>
#include <glad/gl.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace catlab::render {
namespace {

struct Candidate {
    EGLDisplay display;
    std::string name;
};

bool hasExtension(const char* list, const char* name) {
    if (!list) return false;
    const std::size_t n = std::strlen(name);
    for (const char* p = std::strstr(list, name); p; p = std::strstr(p + 1, name))
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

std::string eglErrorText(EGLint error) {
    switch (error) {
    case EGL_SUCCESS: return "no error";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error " + std::to_string(error);
    }
}

// Devices first (those CUDA can use before software ones), then Mesa's surfaceless platform, then the
// default display; CATLAB_EGL_PLATFORM=device|surfaceless|default keeps only one kind.
std::vector<Candidate> candidates() {
    const char* only = std::getenv("CATLAB_EGL_PLATFORM");
    auto wanted = [&](const char* kind) { return !only || !*only || std::strcmp(only, kind) == 0; };
    std::vector<Candidate> list;
    if (wanted("device") && GLAD_EGL_EXT_device_enumeration && GLAD_EGL_EXT_platform_device) {
        EGLDeviceEXT devices[16];
        EGLint count = 0;
        if (eglQueryDevicesEXT(16, devices, &count)) {
            std::vector<std::pair<int, Candidate>> ranked;
            for (EGLint i = 0; i < count; ++i) {
                const char* extensions =
                    GLAD_EGL_EXT_device_query ? eglQueryDeviceStringEXT(devices[i], EGL_EXTENSIONS) : nullptr;
                const bool cuda = hasExtension(extensions, "EGL_NV_device_cuda");
                const bool software = hasExtension(extensions, "EGL_MESA_device_software");
                const EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
                if (display == EGL_NO_DISPLAY) continue;
                ranked.push_back({cuda       ? 0
                                  : software ? 2
                                             : 1,
                                  {display, "EGL device " + std::to_string(i) +
                                                (cuda       ? " (EGL_NV_device_cuda)"
                                                 : software ? " (software)"
                                                            : "")}});
            }
            std::stable_sort(ranked.begin(), ranked.end(),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
            for (auto& r : ranked) list.push_back(r.second);
        }
    }
    if (wanted("surfaceless") && GLAD_EGL_MESA_platform_surfaceless) {
        const EGLDisplay display =
            eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (display != EGL_NO_DISPLAY) list.push_back({display, "Mesa surfaceless platform"});
    }
    if (wanted("default")) {
        const EGLDisplay fallback = eglGetDisplay(EGL_DEFAULT_DISPLAY);
        if (fallback != EGL_NO_DISPLAY) list.push_back({fallback, "default EGL display"});
    }
    return list;
}

GLADapiproc glProcAddress(const char* name) { return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name)); }

// An OpenGL 4.5 core context on the display, current and loaded; throws with the reason otherwise.
EGLContext createContext(EGLDisplay display) {
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) throw Error("eglInitialize: " + eglErrorText(eglGetError()));
    if (!gladLoaderLoadEGL(display)) throw Error("cannot load the display's EGL functions");
    if (!GLAD_EGL_KHR_surfaceless_context) throw Error("no EGL_KHR_surfaceless_context");
    if (!eglBindAPI(EGL_OPENGL_API)) throw Error("no desktop OpenGL: " + eglErrorText(eglGetError()));
    // EGL_SURFACE_TYPE 0: any config; the context never draws to an EGL surface.
    const EGLint configAttributes[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    if (!eglChooseConfig(display, configAttributes, &config, 1, &configs) || configs < 1) {
        if (!GLAD_EGL_KHR_no_config_context) throw Error("no EGL config for desktop OpenGL");
        config = EGL_NO_CONFIG_KHR;
    }
    const EGLint contextAttributes[] = {
        EGL_CONTEXT_MAJOR_VERSION,           4,       EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    const EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
    if (context == EGL_NO_CONTEXT) throw Error("no OpenGL 4.5 core context: " + eglErrorText(eglGetError()));
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        const EGLint error = eglGetError();
        eglDestroyContext(display, context);
        throw Error("eglMakeCurrent without a surface: " + eglErrorText(error));
    }
    const int version = gladLoadGL(glProcAddress);
    if (!version || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 45) {
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display, context);
        throw Error(version ? "OpenGL " + std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                                  std::to_string(GLAD_VERSION_MINOR(version)) + " is below 4.5"
                            : std::string("cannot load the OpenGL functions"));
    }
    return context;
}

const char* glString(GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? reinterpret_cast<const char*>(s) : "?";
}

} // namespace

EglContext::EglContext() {
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
        throw Error("cannot load libEGL (install the GPU driver's EGL, or Mesa's libegl1-mesa for software rendering)");
    std::string tried;
    for (const Candidate& c : candidates()) {
        try {
            context_ = createContext(c.display);
            display_ = c.display;
            description_ = c.name + ": " + glString(GL_RENDERER) + ", OpenGL " + glString(GL_VERSION);
            return;
        } catch (const Error& e) {
            tried += "; " + c.name + ": " + e.what();
            // The display stays initialised: EGL displays are shared per process and cheap to keep.
        }
    }
    throw Error("no headless OpenGL 4.5 context through EGL" + (tried.empty() ? ": no EGL display" : tried));
}

EglContext::~EglContext() {
    // The display is not terminated: other contexts in the process may share it.
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    eglReleaseThread();
}

void EglContext::makeCurrent() const {
    if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_))
        throw Error("eglMakeCurrent: " + eglErrorText(eglGetError()));
}

} // namespace catlab::render
