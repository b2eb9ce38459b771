package bankpay

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

	"github.com/northmill/procure/internal/platform/config"
)

// SignatureHeader carries "t=<unix>,v1=<hex hmac>".
const SignatureHeader = "X-Bank-Signature"

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("bankpay: bad webhook signature")

// Verifier checks webhook signatures.
type Verifier struct {
	secret    []byte
	tolerance time.Duration
	now       func() time.Time
}

// NewVerifier builds a verifier from configuration.
func NewVerifier(cfg config.Config) *Verifier {
	return &Verifier{secret: []byte(cfg.BankWebhookSecret), tolerance: 5 * time.Minute, now: time.Now}
}

// Parse verifies the signature and decodes the event.
func (v *Verifier) Parse(body []byte, header string) (Event, error) {
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
	if ts == "" || sig == "" {
		return Event{}, ErrBadSignature
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return Event{}, ErrBadSignature
	}
	if d := v.now().Sub(time.Unix(unix, 0)); d > v.tolerance || d < -v.tolerance {
		return Event{}, fmt.Errorf("%w: timestamp outside tolerance", ErrBadSignature)
	}
	mac := hmac.New(sha256.New, v.secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return Event{}, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, fmt.Errorf("bankpay: decode event: %w", err)
	}
	return ev, nil
}
