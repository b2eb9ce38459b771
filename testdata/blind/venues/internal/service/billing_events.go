package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/provider/cardpay"
)

const inboxChargeSucceeded = "billing.charge_succeeded"

// RecordChargeSucceeded mirrors a settled charge into card_transactions and
// the booking ledger.
func (s *Billing) RecordChargeSucceeded(ctx context.Context, evt cardpay.Event) error {
	ch, err := cardpay.DecodeData[cardpay.Charge](evt)
	if err != nil {
		return err
	}
	bookingID, hasBooking := metadataUUID(ch.Metadata, "booking_id")

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Claim(ctx, inboxChargeSucceeded, evt.ID)
		if err != nil || !first {
			return err
		}
		txn := domain.CardTransaction{
			ProviderChargeID: ch.ID,
			AmountCents:      ch.AmountCents,
			Currency:         ch.Currency,
			CapturedAt:       time.Unix(ch.Created, 0).UTC(),
		}
		if hasBooking {
			txn.BookingID = &bookingID
		}
		if _, err := s.payments.RecordCardTransaction(ctx, txn); err != nil {
			return fmt.Errorf("record card transaction: %w", err)
		}
		if !hasBooking {
			return nil
		}
		return s.ledger.Append(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			BookingID:   bookingID,
			Kind:        domain.LedgerCharge,
			AmountCents: ch.AmountCents,
			Reference:   ch.ID,
			CreatedAt:   s.now(),
		})
	})
}

// RecordChargeFailed notes a declined instalment charge and returns the
// instalment so the caller can schedule another attempt. Charges that are
// not for an instalment report false; their callers saw the decline inline.
func (s *Billing) RecordChargeFailed(ctx context.Context, evt cardpay.Event) (domain.Instalment, bool, error) {
	ch, err := cardpay.DecodeData[cardpay.Charge](evt)
	if err != nil {
		return domain.Instalment{}, false, err
	}
	instalmentID, ok := metadataUUID(ch.Metadata, "instalment_id")
	if !ok {
		return domain.Instalment{}, false, nil
	}

	var inst domain.Instalment
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.InsertFailure(ctx, domain.PaymentFailure{
			ID:              s.newID(),
			ProviderEventID: evt.ID,
			InstalmentID:    instalmentID,
			Reason:          ch.FailureCode,
			CreatedAt:       s.now(),
		}); err != nil {
			return fmt.Errorf("record failure: %w", err)
		}
		if err := s.instalments.MarkFailed(ctx, instalmentID); err != nil {
			return err
		}
		inst, err = s.instalments.Get(ctx, instalmentID)
		return err
	})
	return inst, true, err
}

// RetryAt is when the next attempt at a declined instalment should run, or
// false when the instalment has failed too often and needs a person.
func (s *Billing) RetryAt(inst domain.Instalment) (time.Time, bool) {
	if inst.FailureCount >= 3 {
		return time.Time{}, false
	}
	return s.now().Add(s.policy.InstalmentRetryIn), true
}

// RecordRefunded books a completed refund against the booking.
func (s *Billing) RecordRefunded(ctx context.Context, evt cardpay.Event) error {
	rf, err := cardpay.DecodeData[cardpay.Refund](evt)
	if err != nil {
		return err
	}
	bookingID, ok := metadataUUID(rf.Metadata, "booking_id")
	if !ok {
		s.log.WarnContext(ctx, "refund without booking", "refund_id", rf.ID, "event_id", evt.ID)
		return nil
	}

	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			BookingID:   bookingID,
			Kind:        domain.LedgerRefund,
			AmountCents: -rf.AmountCents,
			Reference:   rf.ID,
			CreatedAt:   s.now(),
		}); err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		if err := s.refunds.MarkSucceeded(ctx, bookingID, rf.ID); err != nil {
			return fmt.Errorf("mark refund: %w", err)
		}
		return s.bookings.MarkDepositRefunded(ctx, bookingID, rf.AmountCents)
	})
}

func metadataUUID(md map[string]string, key string) (uuid.UUID, bool) {
	raw, ok := md[key]
	if !ok {
		return uuid.Nil, false
	}
	id, err := uuid.Parse(raw)
	if err != nil {
		return uuid.Nil, false
	}
	return id, true
}
