package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// NotificationRequest is the body Paygate POSTs to the webhook endpoint.
// Paygate retries a batch until the endpoint answers "[accepted]" with a 200.
type NotificationRequest struct {
	Live              string             `json:"live"`
	NotificationItems []NotificationItem `json:"notificationItems"`
}

type NotificationItem struct {
	Item NotificationRequestItem `json:"NotificationRequestItem"`
}

type NotificationRequestItem struct {
	PSPReference        string            `json:"pspReference"`
	OriginalReference   string            `json:"originalReference,omitempty"`
	MerchantAccountCode string            `json:"merchantAccountCode"`
	MerchantReference   string            `json:"merchantReference"`
	EventCode           string            `json:"eventCode"`
	EventDate           string            `json:"eventDate"`
	Success             string            `json:"success"`
	Reason              string            `json:"reason,omitempty"`
	PaymentMethod       string            `json:"paymentMethod,omitempty"`
	Amount              Amount            `json:"amount"`
	AdditionalData      map[string]string `json:"additionalData,omitempty"`
}

func (i NotificationRequestItem) Succeeded() bool { return i.Success == "true" }

func (i NotificationRequestItem) EventTime() time.Time {
	t, err := time.Parse(time.RFC3339, i.EventDate)
	if err != nil {
		return time.Now().UTC()
	}
	return t
}

var ErrBadSignature = errors.New("paygate: notification signature mismatch")

// VerifyHMAC checks the item's hmacSignature using the hex encoded key.
func VerifyHMAC(hexKey string, i NotificationRequestItem) error {
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		return err
	}
	payload := strings.Join([]string{
		i.PSPReference,
		i.OriginalReference,
		i.MerchantAccountCode,
		i.MerchantReference,
		strconv.FormatInt(i.Amount.Value, 10),
		i.Amount.Currency,
		i.EventCode,
		i.Success,
	}, ":")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(i.AdditionalData["hmacSignature"])) {
		return ErrBadSignature
	}
	return nil
}
