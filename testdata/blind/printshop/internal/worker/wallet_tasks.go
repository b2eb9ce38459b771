package worker

import (
	"context"

	"github.com/inkloop/printshop/internal/queue/tasks"
)

func (w *Worker) autoTopup(ctx context.Context, d tasks.Delivery[tasks.WalletAutoTopupPayload]) error {
	return w.topups.AutoTopup(ctx, d.Payload.MerchantID, d.Payload.Trigger)
}

func (w *Worker) lowBalanceAlert(ctx context.Context, d tasks.Delivery[tasks.WalletLowBalancePayload]) error {
	return w.notifications.AlertLowBalance(ctx, d.Payload.MerchantID, d.Payload.BalanceCents)
}
