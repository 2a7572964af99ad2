#version 450 core
// The GLSL version of every catlab shader program, for programs whose first source is shared.
