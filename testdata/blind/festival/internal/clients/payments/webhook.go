package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
)

// NotificationRequest is the body PayBridge posts to the standard webhook.
type NotificationRequest struct {
	Live              string             `json:"live"`
	NotificationItems []NotificationItem `json:"notificationItems"`
}

type NotificationItem struct {
	Item NotificationRequestItem `json:"NotificationRequestItem"`
}

type NotificationRequestItem struct {
	EventCode           string            `json:"eventCode"`
	Success             string            `json:"success"`
	PSPReference        string            `json:"pspReference"`
	OriginalReference   string            `json:"originalReference,omitempty"`
	MerchantReference   string            `json:"merchantReference"`
	MerchantAccountCode string            `json:"merchantAccountCode"`
	Amount              Amount            `json:"amount"`
	Reason              string            `json:"reason,omitempty"`
	AdditionalData      map[string]string `json:"additionalData,omitempty"`
}

func (i NotificationRequestItem) Succeeded() bool { return i.Success == "true" }

// VerifyHMAC checks the item signature as documented by PayBridge: the
// colon-joined fields signed with the hex-encoded merchant HMAC key.
func VerifyHMAC(item NotificationRequestItem, hexKey string) bool {
	sig := item.AdditionalData["hmacSignature"]
	if sig == "" || hexKey == "" {
		return false
	}
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		return false
	}
	payload := strings.Join([]string{
		item.PSPReference,
		item.OriginalReference,
		item.MerchantAccountCode,
		item.MerchantReference,
		strconv.FormatInt(item.Amount.Value, 10),
		item.Amount.Currency,
		item.EventCode,
		item.Success,
	}, ":")
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	expected := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(sig))
}

// VerifyBodySignature checks the HMAC-SHA256 signature PayBridge sends in
// the X-Signature header of payout (transfer) webhooks.
func VerifyBodySignature(body []byte, signature, hexKey string) bool {
	key, err := hex.DecodeString(hexKey)
	if err != nil || signature == "" {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(body)
	expected := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(signature))
}

// TransferEvent is a payout status webhook.
type TransferEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		ID        string `json:"id"`
		Reference string `json:"reference"`
		Status    string `json:"status"`
		Reason    string `json:"reason,omitempty"`
	} `json:"data"`
}
