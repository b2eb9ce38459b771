package callbacks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/globetrek/esim-platform/internal/service/orders"
)

// PaymentNotifications handles the PSP's notification batches.
type PaymentNotifications struct {
	Orders  *orders.Service
	HMACKey []byte
	Log     *slog.Logger
}

type notificationBatch struct {
	Live  string `json:"live"`
	Items []struct {
		Item notificationItem `json:"NotificationRequestItem"`
	} `json:"notificationItems"`
}

type notificationItem struct {
	AdditionalData map[string]string `json:"additionalData"`
	Amount         struct {
		Currency string `json:"currency"`
		Value    int64  `json:"value"`
	} `json:"amount"`
	EventCode           string `json:"eventCode"`
	EventDate           string `json:"eventDate"`
	MerchantAccountCode string `json:"merchantAccountCode"`
	MerchantReference   string `json:"merchantReference"`
	OriginalReference   string `json:"originalReference"`
	PSPReference        string `json:"pspReference"`
	Reason              string `json:"reason"`
	Success             string `json:"success"`
}

var errBadSignature = errors.New("callbacks: bad notification signature")

// Handle processes one SQS message holding a notification batch.
func (p *PaymentNotifications) Handle(ctx context.Context, body []byte) error {
	var batch notificationBatch
	if err := json.Unmarshal(body, &batch); err != nil {
		p.Log.ErrorContext(ctx, "undecodable payment notification", "err", err)
		return nil
	}
	for _, wrapped := range batch.Items {
		it := wrapped.Item
		if !p.verify(it) {
			p.Log.WarnContext(ctx, "dropping unsigned payment notification", "psp_reference", it.PSPReference, "event", it.EventCode)
			continue
		}
		ev := orders.PaymentEvent{
			PSPReference:         it.PSPReference,
			OriginalPSPReference: it.OriginalReference,
			EventCode:            it.EventCode,
			MerchantReference:    it.MerchantReference,
			Success:              it.Success == "true",
			AmountMinor:          it.Amount.Value,
			Currency:             it.Amount.Currency,
			Reason:               it.Reason,
		}
		if t, err := time.Parse(time.RFC3339, it.EventDate); err == nil {
			ev.EventDate = t
		}
		if err := p.Orders.HandlePaymentEvent(ctx, ev); err != nil {
			return fmt.Errorf("payment event %s %s: %w", it.EventCode, it.PSPReference, err)
		}
	}
	return nil
}

// verify checks the item's HMAC signature over the standard field list.
func (p *PaymentNotifications) verify(it notificationItem) bool {
	sig := it.AdditionalData["hmacSignature"]
	if sig == "" || len(p.HMACKey) == 0 {
		return false
	}
	payload := strings.Join([]string{
		it.PSPReference,
		it.OriginalReference,
		it.MerchantAccountCode,
		it.MerchantReference,
		strconv.FormatInt(it.Amount.Value, 10),
		it.Amount.Currency,
		it.EventCode,
		it.Success,
	}, ":")
	mac := hmac.New(sha256.New, p.HMACKey)
	mac.Write([]byte(payload))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}
