package topup

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

// Autoreload charges the wallet's stored card when a sale took the balance
// under the attendee's threshold.
func (s *Service) Autoreload(ctx context.Context, p tasks.AutoreloadPayload) error {
	w, err := s.store.GetWallet(ctx, p.WalletID)
	if err != nil {
		return err
	}
	if w.CardToken == nil || w.AutoreloadThresholdCents == nil {
		return nil
	}
	if w.BalanceCents >= *w.AutoreloadThresholdCents {
		slog.InfoContext(ctx, "autoreload no longer needed", "wallet", w.ID, "balance", w.BalanceCents)
		return nil
	}
	amount := p.AmountCents
	if w.AutoreloadAmountCents != nil {
		amount = *w.AutoreloadAmountCents
	}
	topupID := "ar_" + p.Trigger

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference: topupID,
		Amount:    payments.Amount{Currency: s.currency, Value: amount},
		PaymentMethod: payments.PaymentMethod{
			Type:                  "scheme",
			StoredPaymentMethodID: *w.CardToken,
		},
		ShopperReference:         w.AttendeeID.String(),
		ShopperInteraction:       "ContAuth",
		RecurringProcessingModel: "UnscheduledCardOnFile",
		Metadata:                 map[string]string{"wallet_id": w.ID.String(), "channel": ChannelAutoreload},
	})
	if err != nil {
		return fmt.Errorf("autoreload charge for wallet %s: %w", w.ID, err)
	}

	status := StatusAuthorised
	if !res.Authorised() {
		status = StatusFailed
	}
	psp := res.PSPReference
	_, err = s.store.CreateTopup(ctx, db.CreateTopupParams{
		ID:           topupID,
		WalletID:     w.ID,
		Channel:      ChannelAutoreload,
		Method:       "stored_card",
		AmountCents:  amount,
		Status:       status,
		PspReference: &psp,
	})
	if err != nil {
		return fmt.Errorf("record autoreload %s: %w", topupID, err)
	}
	if status == StatusFailed {
		slog.WarnContext(ctx, "autoreload refused", "wallet", w.ID, "reason", res.RefusalReason)
	}
	return nil
}
