package transfer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/hotelpartner"
)

// Worker submits and reverses transfers at the hotel partner.
type Worker struct {
	tx        ports.TxRunner
	transfers ports.Transfers
	ledger    ports.Ledger
	partner   ports.HotelPoints
	notify    ports.Enqueuer
	log       *slog.Logger
}

// NewWorker returns a Worker.
func NewWorker(tx ports.TxRunner, transfers ports.Transfers, ledger ports.Ledger, partner ports.HotelPoints,
	notify *messaging.NotifyQueue, log *slog.Logger) *Worker {
	return &Worker{tx: tx, transfers: transfers, ledger: ledger, partner: partner, notify: notify, log: log}
}

// Routes registers the worker's message types.
func (w *Worker) Routes(r *lambdamw.Router) {
	r.Handle(messaging.TypeTransferSubmit, w.record(w.Submit))
	r.Handle(messaging.TypeTransferReverse, w.record(w.Reverse))
}

func (w *Worker) record(fn func(context.Context, messaging.TransferMessage) error) lambdamw.RecordHandler[events.SQSMessage] {
	return func(ctx context.Context, m events.SQSMessage) error {
		var msg messaging.TransferMessage
		if err := json.Unmarshal([]byte(m.Body), &msg); err != nil {
			return lambdamw.Permanent{Err: err}
		}
		if msg.TransferID == "" {
			return lambdamw.Permanent{Err: fmt.Errorf("message %s has no transfer id", m.MessageId)}
		}
		return fn(ctx, msg)
	}
}

// Submit credits the partner points for a pending transfer.
func (w *Worker) Submit(ctx context.Context, msg messaging.TransferMessage) error {
	t, err := w.transfers.Get(ctx, msg.TransferID)
	if err != nil {
		return err
	}
	if t.Status != domain.TransferPending {
		return nil
	}
	rate := Rates[t.PartnerCode]
	res, err := w.partner.Credit(ctx, hotelpartner.PointsPosting{
		ProgramCode:          rate.ProgramCode,
		PartnerMemberID:      t.PartnerMemberID,
		Points:               t.PartnerPoints,
		TransactionReference: t.ID,
		Description:          "Northwind Miles conversion",
	})
	if err != nil {
		return err
	}
	if _, err := w.transfers.MarkSubmitted(ctx, t.ID, res.PostingID); err != nil {
		return err
	}
	w.alert(ctx, t, "transfer_submitted")
	return nil
}

// Reverse takes the points back from the partner account and returns the
// miles. Contact-centre agents queue reversals for transfers made in error.
func (w *Worker) Reverse(ctx context.Context, msg messaging.TransferMessage) error {
	t, err := w.transfers.Get(ctx, msg.TransferID)
	if err != nil {
		return err
	}
	if t.Status != domain.TransferSubmitted && t.Status != domain.TransferPosted {
		return nil
	}
	rate := Rates[t.PartnerCode]
	res, err := w.partner.Reverse(ctx, hotelpartner.PointsPosting{
		ProgramCode:       rate.ProgramCode,
		PartnerMemberID:   t.PartnerMemberID,
		Points:            t.PartnerPoints,
		OriginalReference: t.ID,
		Description:       "Reversal: " + msg.Reason,
	})
	if err != nil {
		return err
	}
	err = w.tx.Do(ctx, func(ctx context.Context) error {
		reversed, err := w.transfers.MarkReversed(ctx, t.ID, res.PostingID)
		if err != nil || !reversed {
			return err
		}
		_, err = w.ledger.Post(ctx, domain.Posting{
			MemberID:  t.MemberID,
			Kind:      domain.KindRefund,
			Miles:     t.Miles,
			Source:    "transfer-reversal",
			SourceRef: t.ID,
			Memo:      fmt.Sprintf("reversed by %s: %s", msg.AgentID, msg.Reason),
		})
		return err
	})
	if err != nil {
		return err
	}
	w.alert(ctx, t, "transfer_reversed")
	return nil
}

func (w *Worker) alert(ctx context.Context, t domain.Transfer, template string) {
	key := template + ":" + t.ID
	_, err := messaging.SendTyped(ctx, w.notify, messaging.NotifyMessage{
		Kind: "activity", MemberID: t.MemberID, Template: template, Key: key,
		Params: map[string]string{"partner": t.PartnerCode, "points": fmt.Sprint(t.PartnerPoints)},
	}, messaging.Dedup(key))
	if err != nil {
		w.log.WarnContext(ctx, "queue alert", "transfer_id", t.ID, "error", err)
	}
}
