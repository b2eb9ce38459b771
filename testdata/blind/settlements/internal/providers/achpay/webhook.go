package achpay

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

// Event types delivered to the webhook endpoint.
const (
	EventPaymentSettled  = "payment.settled"
	EventPaymentReturned = "payment.returned"
	EventPaymentFailed   = "payment.failed"
)

// Event is a webhook delivery. LedgerRail retries deliveries that do not get
// a 2xx for up to three days, with the same event id each time.
type Event struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

// PaymentEventData is the data object for payment.* events.
type PaymentEventData struct {
	PaymentID  string `json:"payment_id"`
	Status     string `json:"status"`
	ReturnCode string `json:"return_code,omitempty"`
	AmountCnts int64  `json:"amount"`
}

// ErrBadSignature is returned when the signature header does not verify.
var ErrBadSignature = errors.New("achpay: webhook signature mismatch")

// VerifyAndParse checks the "LR-Signature: t=<unix>,v1=<hex>" header and
// decodes the event. Deliveries older than tolerance are rejected.
func VerifyAndParse(secret, header string, body []byte, now time.Time, tolerance time.Duration) (*Event, *PaymentEventData, error) {
	var ts int64
	var sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sig = v
		}
	}
	if ts == 0 || sig == "" {
		return nil, nil, ErrBadSignature
	}
	if now.Sub(time.Unix(ts, 0)) > tolerance {
		return nil, nil, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	fmt.Fprintf(mac, "%d.", ts)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return nil, nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return nil, nil, fmt.Errorf("achpay: decode event: %w", err)
	}
	var data PaymentEventData
	if err := json.Unmarshal(ev.Data, &data); err != nil {
		return nil, nil, fmt.Errorf("achpay: decode event data: %w", err)
	}
	return &ev, &data, nil
}
