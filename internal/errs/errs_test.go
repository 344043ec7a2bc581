package errs

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorReadsForTheLog(t *testing.T) {
	cause := errors.New("dial tcp 127.0.0.1:5432: connection refused")
	for _, test := range []struct {
		name string
		err  error
		want string
	}{
		{"with a cause: the code and the cause", Wrap(Unavailable, "reviews_unavailable", cause, "Reviews are unavailable right now."),
			"reviews_unavailable: dial tcp 127.0.0.1:5432: connection refused"},
		{"without a cause: the message", Invalidf("empty_field", "The name is empty."), "The name is empty."},
		{"wrapped again", fmt.Errorf("review 7: %w", Wrap(Internal, "internal", cause, InternalMessage)),
			"review 7: internal: dial tcp 127.0.0.1:5432: connection refused"},
	} {
		t.Run(test.name, func(t *testing.T) {
			if got := test.err.Error(); got != test.want {
				t.Errorf("Error() = %q, want %q", got, test.want)
			}
		})
	}
}
