package tillpoint

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Event is a webhook delivery from Tillpoint. Deliveries are retried with
// backoff for up to three days until the endpoint answers 2xx.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeObject is the data of charge.* events.
type ChargeObject struct {
	ID          string            `json:"id"`
	Amount      int64             `json:"amount"`
	Status      string            `json:"status"`
	FailureCode string            `json:"failure_code"`
	Metadata    map[string]string `json:"metadata"`
	Refunds     []RefundObject    `json:"refunds"`
}

// RefundObject is embedded in charge.refunded events.
type RefundObject struct {
	ID     string `json:"id"`
	Amount int64  `json:"amount"`
	Reason string `json:"reason"`
}

// DisputeObject is the data of charge.dispute.* events.
type DisputeObject struct {
	ID     string `json:"id"`
	Charge string `json:"charge"`
	Amount int64  `json:"amount"`
	Reason string `json:"reason"`
	Status string `json:"status"`
}

var ErrBadSignature = errors.New("tillpoint: bad webhook signature")

// Verifier checks the Tillpoint-Signature header ("t=<unix>,v1=<hex>").
type Verifier struct {
	secret    []byte
	tolerance time.Duration
	now       func() time.Time
}

func NewVerifier(secret string) *Verifier {
	return &Verifier{secret: []byte(secret), tolerance: 5 * time.Minute, now: time.Now}
}

// Verify checks the signature and decodes the event.
func (v *Verifier) Verify(header string, body []byte) (*Event, error) {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, val, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = val
		case "v1":
			sig = val
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return nil, ErrBadSignature
	}
	if d := v.now().Sub(time.Unix(sec, 0)); d > v.tolerance || d < -v.tolerance {
		return nil, ErrBadSignature
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return nil, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, err
	}
	return &evt, nil
}
