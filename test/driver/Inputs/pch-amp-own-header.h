// A header of the program's own, included before <amp.h>.
#define OWN_VALUE 3
