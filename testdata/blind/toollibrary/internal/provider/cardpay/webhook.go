package cardpay

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Event types we subscribe to.
const (
	EventAuthorizationExpired = "authorization.expired"
	EventAuthorizationVoided  = "authorization.voided"
	EventCaptureSucceeded     = "capture.succeeded"
	EventChargeSucceeded      = "charge.succeeded"
	EventChargeFailed         = "charge.failed"
	EventChargeRefunded       = "charge.refunded"
	EventDisputeOpened        = "dispute.opened"
)

// Event is the envelope the processor posts to our webhook endpoint. The
// same event (same ID) is redelivered until we answer 2xx.
type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt int64           `json:"created"`
	Data      json.RawMessage `json:"data"`
}

// ObjectRef is the subset of the event data object we read.
type ObjectRef struct {
	ID              string            `json:"id"`
	Object          string            `json:"object"`
	AuthorizationID string            `json:"authorization,omitempty"`
	AmountCents     int64             `json:"amount"`
	Status          string            `json:"status"`
	Metadata        map[string]string `json:"metadata"`
	FailureCode     string            `json:"failure_code,omitempty"`
}

var ErrBadSignature = errors.New("cardpay: bad webhook signature")

// VerifySignature checks the "Cardpay-Signature: t=<unix>,v1=<hex>" header.
func VerifySignature(secret string, header string, body []byte, now time.Time, tolerance time.Duration) error {
	var ts int64
	var sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return ErrBadSignature
			}
			ts = n
		case "v1":
			sig = v
		}
	}
	if ts == 0 || sig == "" {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(body)
	expected := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(expected), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}

// ParseEvent decodes the envelope and its data object.
func ParseEvent(body []byte) (Event, ObjectRef, error) {
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return Event{}, ObjectRef{}, fmt.Errorf("cardpay: decode event: %w", err)
	}
	var obj struct {
		Object ObjectRef `json:"object"`
	}
	if err := json.Unmarshal(evt.Data, &obj); err != nil {
		return Event{}, ObjectRef{}, fmt.Errorf("cardpay: decode event data: %w", err)
	}
	return evt, obj.Object, nil
}
