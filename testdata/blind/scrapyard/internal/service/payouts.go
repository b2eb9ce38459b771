package service

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/ironbridge-metals/yardops/internal/domain"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/cashkiosk"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/retry"
	"github.com/ironbridge-metals/yardops/internal/store"
)

const (
	idemScopePayout = "payout.request"
	consumerPayouts = "payoutworker"
)

// PayoutService moves money to sellers: cash vouchers at the kiosk or ACH
// credits through Ledgerline.
type PayoutService struct {
	store     store.Store
	publisher Publisher
	ach       ACHOriginator
	kiosk     CashKiosk
	sms       SMSSender
	logger    *slog.Logger

	originAccount string
}

type PayoutDeps struct {
	Store         store.Store
	Publisher     Publisher
	ACH           ACHOriginator
	Kiosk         CashKiosk
	SMS           SMSSender
	Logger        *slog.Logger
	OriginAccount string
}

func NewPayoutService(d PayoutDeps) *PayoutService {
	return &PayoutService{
		store:         d.Store,
		publisher:     d.Publisher,
		ach:           d.ACH,
		kiosk:         d.Kiosk,
		sms:           d.SMS,
		logger:        d.Logger,
		originAccount: d.OriginAccount,
	}
}

type RequestPayoutInput struct {
	TicketID       string
	Method         string
	IdempotencyKey string
}

type PayoutView struct {
	ID          uuid.UUID `json:"id"`
	TicketID    string    `json:"ticket_id"`
	Method      string    `json:"method"`
	AmountCents int64     `json:"amount_cents"`
	Status      string    `json:"status"`
}

func viewOf(p store.Payout) PayoutView {
	return PayoutView{ID: p.ID, TicketID: p.TicketID, Method: p.Method, AmountCents: p.AmountCents, Status: p.Status}
}

// RequestPayout creates a payout for a weighed ticket and hands it to the
// payout worker. Clients send an Idempotency-Key so a resubmitted request
// returns the first response.
func (s *PayoutService) RequestPayout(ctx context.Context, in RequestPayoutInput) (PayoutView, error) {
	if in.Method != "cash" && in.Method != "ach" {
		return PayoutView{}, domain.Invalid("method must be cash or ach")
	}
	if in.IdempotencyKey != "" {
		prev, err := s.store.GetIdempotencyKey(ctx, idemScopePayout, in.IdempotencyKey)
		if err == nil {
			var v PayoutView
			if jerr := json.Unmarshal(prev.Response, &v); jerr == nil {
				return v, nil
			}
		} else if !store.IsNotFound(err) {
			return PayoutView{}, fmt.Errorf("idempotency lookup: %w", err)
		}
	}

	ticket, err := s.store.GetWeighTicket(ctx, in.TicketID)
	if store.IsNotFound(err) {
		return PayoutView{}, domain.NotFound("ticket %s", in.TicketID)
	}
	if err != nil {
		return PayoutView{}, fmt.Errorf("load ticket: %w", err)
	}
	if ticket.Status != "weighed" || !ticket.AmountCents.Valid {
		return PayoutView{}, domain.Conflict("ticket %s is %s", ticket.ID, ticket.Status)
	}
	seller, err := s.store.GetSeller(ctx, ticket.SellerID)
	if err != nil {
		return PayoutView{}, fmt.Errorf("load seller: %w", err)
	}
	if in.Method == "ach" && !seller.AchRecipientID.Valid {
		return PayoutView{}, domain.Conflict("seller has no bank account on file")
	}

	var payout store.Payout
	err = s.store.ExecTx(ctx, func(q store.Querier) error {
		var err error
		payout, err = q.CreatePayout(ctx, store.CreatePayoutParams{
			ID:          uuid.New(),
			TicketID:    ticket.ID,
			SellerID:    ticket.SellerID,
			Method:      in.Method,
			AmountCents: ticket.AmountCents.Int64,
		})
		return err
	})
	if err != nil {
		return PayoutView{}, fmt.Errorf("create payout: %w", err)
	}

	msgType := TypePayoutCash
	if in.Method == "ach" {
		msgType = TypePayoutACH
	}
	env, err := queue.NewEnvelope(payout.ID.String(), msgType, PayoutRequested{PayoutID: payout.ID})
	if err != nil {
		return PayoutView{}, err
	}
	if err := s.publisher.Publish(ctx, TopicPayouts, env); err != nil {
		return PayoutView{}, fmt.Errorf("enqueue payout: %w", err)
	}

	view := viewOf(payout)
	if in.IdempotencyKey != "" {
		raw, _ := json.Marshal(view)
		if err := s.store.SaveIdempotencyKey(ctx, store.SaveIdempotencyKeyParams{
			Scope:      idemScopePayout,
			Key:        in.IdempotencyKey,
			StatusCode: 201,
			Response:   raw,
		}); err != nil {
			s.logger.WarnContext(ctx, "could not store idempotency key", "key", in.IdempotencyKey, "err", err)
		}
	}
	return view, nil
}

// SubmitACH originates the ACH credit for a pending payout.
func (s *PayoutService) SubmitACH(ctx context.Context, _ queue.Envelope, msg PayoutRequested) error {
	payout, err := s.store.GetPayout(ctx, msg.PayoutID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("payout %s not found", msg.PayoutID))
	}
	if err != nil {
		return fmt.Errorf("load payout: %w", err)
	}
	if payout.Status != "pending" {
		return nil
	}
	seller, err := s.store.GetSeller(ctx, payout.SellerID)
	if err != nil {
		return fmt.Errorf("load seller: %w", err)
	}

	transfer, err := retry.DoValue(ctx, func(ctx context.Context) (achpay.Transfer, error) {
		return s.ach.CreateTransfer(ctx, achpay.TransferRequest{
			OriginAccount: s.originAccount,
			RecipientID:   seller.AchRecipientID.String,
			AmountCents:   payout.AmountCents,
			Currency:      "USD",
			SameDay:       true,
			Description:   "SCRAP PAYOUT",
			Metadata:      map[string]string{"payout_id": payout.ID.String(), "ticket_id": payout.TicketID},
		}, achpay.WithIdempotencyKey(uuid.NewString()))
	})
	if err != nil {
		var r retry.Retryable
		if errors.As(err, &r) && !r.Retryable() {
			// Ledgerline refused the transfer outright (closed account,
			// bad recipient); nothing will change on redelivery.
			if _, ferr := s.store.MarkPayoutFailed(ctx, payout.ID, err.Error()); ferr != nil {
				return fmt.Errorf("mark payout failed: %w", ferr)
			}
			return queue.Drop(fmt.Errorf("ledgerline rejected payout %s: %w", payout.ID, err))
		}
		return fmt.Errorf("ledgerline transfer: %w", err)
	}

	if _, err := s.store.MarkPayoutSubmitted(ctx, payout.ID, transfer.ID); err != nil {
		return fmt.Errorf("mark submitted: %w", err)
	}
	return nil
}

// IssueCashVoucher funds a kiosk voucher for a pending cash payout. Cash is
// settled as soon as the voucher exists, so the settlement and receipt
// events go out with the status change.
func (s *PayoutService) IssueCashVoucher(ctx context.Context, _ queue.Envelope, msg PayoutRequested) error {
	payout, err := s.store.GetPayout(ctx, msg.PayoutID)
	if store.IsNotFound(err) {
		return queue.Drop(fmt.Errorf("payout %s not found", msg.PayoutID))
	}
	if err != nil {
		return fmt.Errorf("load payout: %w", err)
	}
	if payout.Status != "pending" {
		return nil
	}
	seller, err := s.store.GetSeller(ctx, payout.SellerID)
	if err != nil {
		return fmt.Errorf("load seller: %w", err)
	}

	voucher, err := s.kiosk.IssueVoucher(ctx, cashkiosk.VoucherRequest{
		KioskGroup:  seller.YardID,
		AmountCents: payout.AmountCents,
		Reference:   payout.TicketID,
		PayeeName:   seller.FirstName + " " + seller.LastName,
	})
	if err != nil {
		return fmt.Errorf("cashpoint voucher: %w", err)
	}

	return s.store.ExecTx(ctx, func(q store.Querier) error {
		n, err := q.MarkPayoutVoucherIssued(ctx, payout.ID, voucher.ID, voucher.Code)
		if err != nil {
			return fmt.Errorf("mark voucher issued: %w", err)
		}
		if n == 0 {
			return nil
		}
		settled, err := outboxEvent("cash:"+payout.ID.String(), TopicPayouts, TypePayoutSettled,
			PayoutSettled{PayoutID: payout.ID, Source: "cashpoint"})
		if err != nil {
			return err
		}
		if err := q.InsertOutboxEvent(ctx, settled); err != nil {
			return err
		}
		receipt, err := outboxEvent("receipt:"+payout.ID.String(), TopicPayouts, TypePayoutReceipt,
			PayoutReceipt{PayoutID: payout.ID})
		if err != nil {
			return err
		}
		return q.InsertOutboxEvent(ctx, receipt)
	})
}

// SendReceipt texts the seller their payout details.
func (s *PayoutService) SendReceipt(ctx context.Context, _ queue.Envelope, msg PayoutReceipt) error {
	payout, err := s.store.GetPayout(ctx, msg.PayoutID)
	if err != nil {
		return fmt.Errorf("load payout: %w", err)
	}
	if payout.ReceiptSentAt.Valid {
		return nil
	}
	seller, err := s.store.GetSeller(ctx, payout.SellerID)
	if err != nil {
		return fmt.Errorf("load seller: %w", err)
	}
	if seller.Phone == "" {
		return nil
	}

	body := fmt.Sprintf("Ticket %s: %s paid by %s.", payout.TicketID, domain.FormatCents(payout.AmountCents), payout.Method)
	if payout.Method == "cash" && payout.VoucherCode.Valid {
		body += " Kiosk code " + payout.VoucherCode.String + "."
	}
	if _, err := s.sms.Send(ctx, seller.Phone, body); err != nil {
		return fmt.Errorf("textline send: %w", err)
	}
	if err := s.store.MarkReceiptSent(ctx, payout.ID); err != nil {
		return fmt.Errorf("mark receipt sent: %w", err)
	}
	return nil
}

// ApplySettlement books the payout against the seller's ledger once the
// money has actually left (ACH completed, or cash voucher issued).
func (s *PayoutService) ApplySettlement(ctx context.Context, env queue.Envelope, msg PayoutSettled) error {
	done, err := s.store.IsMessageProcessed(ctx, consumerPayouts, env.ID)
	if err != nil {
		return fmt.Errorf("inbox lookup: %w", err)
	}
	if done {
		return nil
	}

	err = s.store.ExecTx(ctx, func(q store.Querier) error {
		payout, err := q.GetPayout(ctx, msg.PayoutID)
		if err != nil {
			return fmt.Errorf("load payout: %w", err)
		}
		if err := q.InsertLedgerEntry(ctx, store.InsertLedgerEntryParams{
			ID:          uuid.New(),
			SellerID:    payout.SellerID,
			TicketID:    sql.NullString{String: payout.TicketID, Valid: true},
			PayoutID:    uuid.NullUUID{UUID: payout.ID, Valid: true},
			EntryType:   "payout_debit",
			AmountCents: -payout.AmountCents,
		}); err != nil {
			return fmt.Errorf("debit seller: %w", err)
		}
		if _, err := q.MarkPayoutPaid(ctx, payout.ID); err != nil {
			return fmt.Errorf("mark paid: %w", err)
		}
		if _, err := q.MarkTicketPaid(ctx, payout.TicketID); err != nil {
			return fmt.Errorf("mark ticket paid: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.store.MarkMessageProcessed(ctx, consumerPayouts, env.ID)
}

// HandleLedgerlineEvent applies a Ledgerline webhook. Ledgerline redelivers
// until it sees a 2xx, so the event id is claimed in the same transaction as
// its effects.
func (s *PayoutService) HandleLedgerlineEvent(ctx context.Context, ev achpay.WebhookEvent) error {
	return s.store.ExecTx(ctx, func(q store.Querier) error {
		n, err := q.InsertWebhookEvent(ctx, "ledgerline", ev.ID, ev.Type)
		if err != nil {
			return fmt.Errorf("claim event: %w", err)
		}
		if n == 0 {
			return nil
		}
		payout, err := q.GetPayoutByProviderRef(ctx, ev.Data.TransferID)
		if store.IsNotFound(err) {
			s.logger.WarnContext(ctx, "ledgerline event for unknown transfer", "event", ev.ID, "transfer", ev.Data.TransferID)
			return nil
		}
		if err != nil {
			return fmt.Errorf("load payout: %w", err)
		}

		switch ev.Type {
		case "transfer.completed":
			settled, err := outboxEvent("ach:"+ev.ID, TopicPayouts, TypePayoutSettled,
				PayoutSettled{PayoutID: payout.ID, Source: "ledgerline"})
			if err != nil {
				return err
			}
			if err := q.InsertOutboxEvent(ctx, settled); err != nil {
				return err
			}
			receipt, err := outboxEvent("receipt:"+payout.ID.String(), TopicPayouts, TypePayoutReceipt,
				PayoutReceipt{PayoutID: payout.ID})
			if err != nil {
				return err
			}
			return q.InsertOutboxEvent(ctx, receipt)

		case "transfer.returned":
			n, err := q.MarkPayoutReturned(ctx, payout.ID, ev.Data.ReturnCode+" "+ev.Data.Reason)
			if err != nil {
				return fmt.Errorf("mark returned: %w", err)
			}
			if n == 0 {
				return nil
			}
			_, err = q.InsertLedgerEntryOnce(ctx, store.InsertLedgerEntryParams{
				ID:          uuid.New(),
				SellerID:    payout.SellerID,
				TicketID:    sql.NullString{String: payout.TicketID, Valid: true},
				PayoutID:    uuid.NullUUID{UUID: payout.ID, Valid: true},
				EntryType:   "payout_return",
				AmountCents: payout.AmountCents,
				SourceKey:   sql.NullString{String: "ach-return:" + payout.ID.String(), Valid: true},
			})
			return err

		case "transfer.failed":
			_, err := q.MarkPayoutFailed(ctx, payout.ID, ev.Data.Reason)
			return err
		}
		return nil
	})
}
