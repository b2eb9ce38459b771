package webhooks

import (
	"testing"
	"time"
)

func TestDeliveryIDIsStable(t *testing.T) {
	a := DeliveryID("evt-1", "whs_1")
	b := DeliveryID("evt-1", "whs_1")
	if a != b {
		t.Fatalf("same event and subscription produced %q and %q", a, b)
	}
	if c := DeliveryID("evt-1", "whs_2"); c == a {
		t.Fatalf("different subscriptions share id %q", a)
	}
	if len(a) != len("whd_")+26 {
		t.Fatalf("unexpected id length %d", len(a))
	}
}

func TestRetryDelay(t *testing.T) {
	cases := map[int]time.Duration{
		1:  30 * time.Second,
		2:  time.Minute,
		3:  2 * time.Minute,
		20: 6 * time.Hour,
	}
	for attempts, want := range cases {
		if got := retryDelay(attempts); got != want {
			t.Errorf("retryDelay(%d) = %v, want %v", attempts, got, want)
		}
	}
}
