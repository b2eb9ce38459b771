package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Event codes we act on.
const (
	EventCapture       = "CAPTURE"
	EventCaptureFailed = "CAPTURE_FAILED"
	EventRefund        = "REFUND"
	EventChargeback    = "CHARGEBACK"
	EventChargebackRev = "CHARGEBACK_REVERSED"
)

// Notification is the body the acquirer POSTs to our webhook endpoint. It is
// redelivered until we answer "[accepted]" with a 2xx.
type Notification struct {
	Live              string             `json:"live"`
	NotificationItems []NotificationItem `json:"notificationItems"`
}

// NotificationItem wraps one event.
type NotificationItem struct {
	Item NotificationRequestItem `json:"NotificationRequestItem"`
}

// NotificationRequestItem is a single event about a payment.
type NotificationRequestItem struct {
	EventCode           string            `json:"eventCode"`
	PspReference        string            `json:"pspReference"`
	OriginalReference   string            `json:"originalReference"`
	MerchantReference   string            `json:"merchantReference"`
	MerchantAccountCode string            `json:"merchantAccountCode"`
	Amount              Amount            `json:"amount"`
	Success             string            `json:"success"`
	Reason              string            `json:"reason"`
	EventDate           string            `json:"eventDate"`
	AdditionalData      map[string]string `json:"additionalData"`
}

// Succeeded reports the item's success flag.
func (n NotificationRequestItem) Succeeded() bool { return n.Success == "true" }

// VerifyHMAC checks the item's hmacSignature against the shared key.
func VerifyHMAC(hexKey string, n NotificationRequestItem) error {
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		return fmt.Errorf("decode hmac key: %w", err)
	}
	payload := strings.Join([]string{
		n.PspReference,
		n.OriginalReference,
		n.MerchantAccountCode,
		n.MerchantReference,
		strconv.FormatInt(n.Amount.Value, 10),
		n.Amount.Currency,
		n.EventCode,
		n.Success,
	}, ":")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	got := n.AdditionalData["hmacSignature"]
	if !hmac.Equal([]byte(want), []byte(got)) {
		return fmt.Errorf("hmac mismatch for %s", n.PspReference)
	}
	return nil
}
