package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
)

const SignatureHeader = "Tillpoint-Signature"

var ErrBadSignature = errors.New("payments: bad webhook signature")

// Event is a Tillpoint webhook. Tillpoint redelivers until it receives a
// 2xx, with the same ID each time.
type Event struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		ChargeID    string `json:"charge"`
		AmountCents int64  `json:"amount"`
		Reason      string `json:"failure_reason"`
	} `json:"data"`
}

func VerifyAndParse(secret []byte, signature string, body []byte) (Event, error) {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := base64.StdEncoding.DecodeString(signature)
	if err != nil || !hmac.Equal(want, got) {
		return Event{}, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, err
	}
	return ev, nil
}
