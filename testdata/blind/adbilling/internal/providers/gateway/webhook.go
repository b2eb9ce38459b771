package gateway

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

// Event is a webhook notification from the gateway. The gateway redelivers
// an event until it receives a 2xx, keeping the same ID.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

const (
	EventChargeSucceeded      = "charge.succeeded"
	EventChargeFailed         = "charge.failed"
	EventBankTransferReceived = "bank_transfer.received"
)

type ChargeEventData struct {
	ChargeID    string            `json:"id"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	FailureCode string            `json:"failure_code"`
	Metadata    map[string]string `json:"metadata"`
}

type BankTransferData struct {
	TransferID  string `json:"id"`
	Reference   string `json:"reference"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	PayerIBAN   string `json:"payer_iban"`
}

var ErrBadSignature = errors.New("gateway: bad webhook signature")

// VerifySignature checks a "t=<unix>,v1=<hex>" signature header.
func VerifySignature(secret string, body []byte, header string, tolerance time.Duration) error {
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
	if d := time.Since(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return ErrBadSignature
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
