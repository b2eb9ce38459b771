package donations

import (
	"context"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/outbox"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/repository"
)

// NotificationItem is one processor webhook notification.
type NotificationItem struct {
	EventCode         string
	Success           bool
	PSPReference      string
	OriginalReference string
	MerchantReference string
	AmountMinor       int64
	Currency          string
	Reason            string
}

// NotificationService applies processor webhook notifications.
type NotificationService interface {
	Apply(ctx context.Context, item NotificationItem) error
}

type notificationService struct {
	tx        repository.Transactor
	events    repository.EventRepo
	donations repository.DonationRepo
	ledger    repository.LedgerRepo
	outbox    outbox.Writer
	log       *zap.Logger
}

// NewNotificationService builds the webhook applier.
func NewNotificationService(tx repository.Transactor, events repository.EventRepo, donations repository.DonationRepo,
	ledger repository.LedgerRepo, ob outbox.Writer, log *zap.Logger) NotificationService {
	return &notificationService{tx: tx, events: events, donations: donations, ledger: ledger, outbox: ob, log: log.Named("processor-webhooks")}
}

// Apply records the notification and applies it in one transaction; a
// notification the processor sends again is recognised by its
// (pspReference, eventCode, success) key and ignored.
func (s *notificationService) Apply(ctx context.Context, it NotificationItem) error {
	return s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev := &domain.ProcessorEvent{
			PSPReference:      it.PSPReference,
			EventCode:         it.EventCode,
			Success:           it.Success,
			MerchantReference: it.MerchantReference,
			AmountMinor:       it.AmountMinor,
			Currency:          it.Currency,
			Reason:            it.Reason,
		}
		if it.OriginalReference != "" {
			ev.OriginalReference = &it.OriginalReference
		}
		fresh, err := s.events.WithTx(tx).RecordProcessorEvent(ctx, ev)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.Debug("duplicate notification", zap.String("psp", it.PSPReference), zap.String("code", it.EventCode))
			return nil
		}
		eventID := idgen.Derive("psp", it.PSPReference, it.EventCode)

		switch it.EventCode {
		case "AUTHORISATION":
			return s.applyAuthorisation(ctx, tx, it, eventID)
		case "REFUND", "CHARGEBACK":
			if !it.Success {
				return nil
			}
			return s.applyReversal(ctx, tx, it, eventID)
		default:
			return nil
		}
	})
}

func (s *notificationService) applyAuthorisation(ctx context.Context, tx bun.Tx, it NotificationItem, eventID string) error {
	donations := s.donations.WithTx(tx)
	if !it.Success {
		_, err := donations.Settle(ctx, it.MerchantReference, it.PSPReference, domain.DonationFailed,
			domain.DonationPending, domain.DonationAuthorised)
		return err
	}
	d, err := donations.Settle(ctx, it.MerchantReference, it.PSPReference, domain.DonationSucceeded,
		domain.DonationPending, domain.DonationAuthorised)
	if err != nil || d == nil {
		return err
	}
	if err := s.ledger.WithTx(tx).CreditAvailable(ctx, d.CharityID, d.AmountPence); err != nil {
		return err
	}
	return s.outbox.Add(ctx, tx, eventID, domain.RKDonationSucceeded, domain.DonationEvent{
		DonationID:       d.ID,
		DonorID:          d.DonorID,
		CharityID:        d.CharityID,
		CampaignID:       d.CampaignID,
		FundraiserPageID: d.FundraiserPageID,
		AmountPence:      d.AmountPence,
		Currency:         d.Currency,
		PSPReference:     it.PSPReference,
		GiftAid:          d.GiftAidEligible,
	})
}

func (s *notificationService) applyReversal(ctx context.Context, tx bun.Tx, it NotificationItem, eventID string) error {
	d, err := s.donations.WithTx(tx).GetByPSP(ctx, it.OriginalReference)
	if err != nil {
		return err
	}
	return s.outbox.Add(ctx, tx, eventID, domain.RKDonationRefunded, domain.RefundEvent{
		DonationID:   d.ID,
		CharityID:    d.CharityID,
		AmountPence:  it.AmountMinor,
		PSPReference: it.PSPReference,
	})
}
