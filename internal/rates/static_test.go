package rates

import "testing"

// The example names every currency but the euro with its sample rate, so
// that ParseStatic takes it as it is.
func TestStaticExample(t *testing.T) {
	if StaticExample != "AUD=1.65,GBP=0.86,USD=1.08" {
		t.Errorf("StaticExample = %q", StaticExample)
	}
	if _, err := ParseStatic(StaticExample); err != nil {
		t.Errorf("ParseStatic(StaticExample): %v", err)
	}
}
