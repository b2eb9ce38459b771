package payments

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

// Event is a Paystream webhook envelope.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeEvent is the data of charge.* events.
type ChargeEvent struct {
	ChargeID      string            `json:"id"`
	AmountCents   int64             `json:"amount"`
	AmountRefund  int64             `json:"amount_refunded"`
	Status        string            `json:"status"`
	Metadata      map[string]string `json:"metadata"`
	LastRefundAmt int64             `json:"last_refund_amount"`
}

// DisputeEvent is the data of dispute.* events.
type DisputeEvent struct {
	DisputeID     string `json:"id"`
	ChargeID      string `json:"charge"`
	AmountCents   int64  `json:"amount"`
	Reason        string `json:"reason"`
	Status        string `json:"status"`
	EvidenceDueBy int64  `json:"evidence_due_by"`
}

// ErrBadSignature is returned when a webhook signature does not verify.
var ErrBadSignature = errors.New("paystream: bad webhook signature")

// VerifySignature checks the Paystream-Signature header, of the form
// "t=<unix>,v1=<hex hmac-sha256 of "t.body">".
func VerifySignature(secret, header string, body []byte, tolerance time.Duration, now time.Time) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrBadSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ErrBadSignature
	}
	return nil
}
