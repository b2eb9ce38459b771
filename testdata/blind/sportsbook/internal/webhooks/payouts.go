package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/kickoffbet/sportsbook/internal/money"
	"github.com/kickoffbet/sportsbook/internal/providers/notify"
	"github.com/kickoffbet/sportsbook/internal/withdrawals"
)

type payoutEvent struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	Payout  struct {
		ID            string `json:"id"`
		RequestID     string `json:"request_id"`
		Status        string `json:"status"`
		FailureReason string `json:"failure_reason"`
	} `json:"payout"`
}

// PayoutCallbacks applies partner status changes.
type PayoutCallbacks interface {
	MarkPaid(ctx context.Context, evt withdrawals.PartnerEvent) (bool, error)
	MarkFailed(ctx context.Context, evt withdrawals.PartnerEvent) (*withdrawals.Withdrawal, bool, error)
}

// PhoneBook resolves player phone numbers.
type PhoneBook interface {
	Phone(ctx context.Context, playerID string) (string, error)
}

// PayoutReceiver handles POST /webhooks/payouts. The partner redelivers
// every minute for an hour until it gets a 2xx.
type PayoutReceiver struct {
	Withdrawals PayoutCallbacks
	Phones      PhoneBook
	Notifier    notify.Notifier
	Secret      []byte
	Log         *slog.Logger
}

// ServeHTTP implements http.Handler.
func (rc *PayoutReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		reply(w, http.StatusBadRequest, "unreadable body")
		return
	}
	if err := verifyHex(rc.Secret, r.Header.Get("X-Signature"), body); err != nil {
		reply(w, http.StatusUnauthorized, "bad signature")
		return
	}
	var evt payoutEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		reply(w, http.StatusBadRequest, "bad payload")
		return
	}
	pe := withdrawals.PartnerEvent{
		EventID:         evt.EventID,
		PartnerPayoutID: evt.Payout.ID,
		Status:          evt.Payout.Status,
		Reason:          evt.Payout.FailureReason,
	}
	switch evt.Type {
	case "payout.completed":
		err = rc.onCompleted(r.Context(), pe)
	case "payout.failed", "payout.returned":
		err = rc.onFailed(r.Context(), pe)
	default:
		reply(w, http.StatusOK, "ignored")
		return
	}
	if err != nil {
		rc.Log.Error("payout webhook failed", "event", evt.EventID, "type", evt.Type, "err", err)
		reply(w, http.StatusInternalServerError, "retry later")
		return
	}
	reply(w, http.StatusOK, "ok")
}

func (rc *PayoutReceiver) onCompleted(ctx context.Context, pe withdrawals.PartnerEvent) error {
	_, err := rc.Withdrawals.MarkPaid(ctx, pe)
	return err
}

func (rc *PayoutReceiver) onFailed(ctx context.Context, pe withdrawals.PartnerEvent) error {
	wd, _, err := rc.Withdrawals.MarkFailed(ctx, pe)
	if errors.Is(err, withdrawals.ErrNotFound) {
		rc.Log.Warn("failure for unknown payout", "payout", pe.PartnerPayoutID)
		return nil
	}
	if err != nil {
		return err
	}
	if wd.Status != withdrawals.StatusFailed {
		return nil
	}
	phone, err := rc.Phones.Phone(ctx, wd.PlayerID)
	if err != nil || phone == "" {
		return err
	}
	return rc.Notifier.SendSMS(ctx, notify.SMS{
		To:       phone,
		Template: "withdrawal_failed",
		Vars: map[string]string{
			"amount": money.Format(wd.Amount, wd.Currency),
			"reason": pe.Reason,
		},
	})
}
