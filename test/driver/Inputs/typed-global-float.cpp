// Defines ::p as float * and ns::q as double (link-duplicate-variables.cpp).
float *p = nullptr;
namespace ns {
double q = 1.0;
}
float readP() { return p ? *p : 0.0f; }
