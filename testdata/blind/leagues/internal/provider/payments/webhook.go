package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Event codes delivered in notification items.
const (
	EventAuthorisation = "AUTHORISATION"
	EventCapture       = "CAPTURE"
	EventRefund        = "REFUND"
	EventRefundFailed  = "REFUND_FAILED"
	EventChargeback    = "CHARGEBACK"
)

// ErrBadSignature is returned when an item's HMAC does not verify.
var ErrBadSignature = errors.New("payments: notification signature mismatch")

// Notification is the webhook envelope. The processor batches items and
// resends the whole batch until it receives "[accepted]".
type Notification struct {
	Live              string             `json:"live"`
	NotificationItems []NotificationItem `json:"notificationItems"`
}

// NotificationItem wraps one event.
type NotificationItem struct {
	Item NotificationRequestItem `json:"NotificationRequestItem"`
}

// NotificationRequestItem is one payment lifecycle event.
type NotificationRequestItem struct {
	EventCode           string            `json:"eventCode"`
	PSPReference        string            `json:"pspReference"`
	OriginalReference   string            `json:"originalReference,omitempty"`
	MerchantReference   string            `json:"merchantReference"`
	MerchantAccountCode string            `json:"merchantAccountCode"`
	Amount              Amount            `json:"amount"`
	Success             string            `json:"success"`
	Reason              string            `json:"reason,omitempty"`
	EventDate           string            `json:"eventDate"`
	AdditionalData      map[string]string `json:"additionalData,omitempty"`
}

// Succeeded reports whether the event describes a successful operation.
func (i NotificationRequestItem) Succeeded() bool {
	ok, _ := strconv.ParseBool(i.Success)
	return ok
}

// EventKey identifies the event for deduplication. The processor reuses the
// PSP reference across event codes, so both are needed.
func (i NotificationRequestItem) EventKey() string {
	return i.PSPReference + ":" + i.EventCode
}

// ParseNotification decodes a webhook body and verifies each item's HMAC.
func ParseNotification(body []byte, hmacKey string) (*Notification, error) {
	var n Notification
	if err := json.Unmarshal(body, &n); err != nil {
		return nil, fmt.Errorf("payments: decode notification: %w", err)
	}
	for _, it := range n.NotificationItems {
		if err := verifyItem(it.Item, hmacKey); err != nil {
			return nil, err
		}
	}
	return &n, nil
}

func verifyItem(it NotificationRequestItem, hmacKey string) error {
	if hmacKey == "" {
		// Signature checks are disabled in local development.
		return nil
	}
	key, err := base64.StdEncoding.DecodeString(hmacKey)
	if err != nil {
		key = []byte(hmacKey)
	}
	payload := it.PSPReference + ":" + it.OriginalReference + ":" + it.MerchantAccountCode + ":" +
		it.MerchantReference + ":" + strconv.FormatInt(it.Amount.Value, 10) + ":" + it.Amount.Currency + ":" +
		it.EventCode + ":" + it.Success
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	got := it.AdditionalData["hmacSignature"]
	if !hmac.Equal([]byte(want), []byte(got)) {
		return ErrBadSignature
	}
	return nil
}
