// Package donations takes one-off gifts: it records the donation, charges
// the card through the processor and settles it from processor webhooks.
package donations

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/reqctx"
	"github.com/kindredgive/donations/internal/providers/processor"
	"github.com/kindredgive/donations/internal/repository"
)

// CreateInput is a request to give once.
type CreateInput struct {
	DonorID          string
	CharityID        string
	CampaignID       *string
	FundraiserPageID *string
	AmountPence      int64
	Currency         string
	GiftAid          bool
	Anonymous        bool
	Message          string
	ShopperEmail     string
	Card             processor.PaymentMethod
}

// fingerprint is what we compare when a key is reused: the card fields are
// left out because the encrypted blobs change on every submission.
func (in CreateInput) fingerprint() string {
	b, _ := json.Marshal(struct {
		D, C, Cur string
		A         int64
		G         bool
		Camp      *string
		Page      *string
	}{in.DonorID, in.CharityID, in.Currency, in.AmountPence, in.GiftAid, in.CampaignID, in.FundraiserPageID})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Service is the one-off donation API.
type Service interface {
	Create(ctx context.Context, idempotencyKey string, in CreateInput) (*domain.Donation, error)
	Get(ctx context.Context, id string) (*domain.Donation, error)
}

type service struct {
	tx        repository.Transactor
	donations repository.DonationRepo
	idem      repository.IdempotencyRepo
	processor processor.Client
	log       *zap.Logger
}

// New builds the donation service.
func New(tx repository.Transactor, donations repository.DonationRepo, idem repository.IdempotencyRepo, pc processor.Client, log *zap.Logger) Service {
	return &service{tx: tx, donations: donations, idem: idem, processor: pc, log: log.Named("donations")}
}

// ErrKeyReused means the Idempotency-Key was used for a different request.
var ErrKeyReused = fmt.Errorf("%w: idempotency key reused with a different request", httpx.ErrConflict)

func (s *service) Create(ctx context.Context, key string, in CreateInput) (*domain.Donation, error) {
	var d *domain.Donation
	err := s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		id := idgen.UUID()
		claimed, existing, err := s.idem.WithTx(tx).Claim(ctx, &domain.IdempotencyRecord{
			Scope:       "donation",
			Key:         key,
			RequestHash: in.fingerprint(),
			ResourceID:  id,
		})
		if err != nil {
			return err
		}
		if !claimed {
			if existing.RequestHash != in.fingerprint() {
				return ErrKeyReused
			}
			d, err = s.donations.WithTx(tx).Get(ctx, existing.ResourceID)
			return err
		}
		d = &domain.Donation{
			ID:               id,
			DonorID:          in.DonorID,
			CharityID:        in.CharityID,
			CampaignID:       in.CampaignID,
			FundraiserPageID: in.FundraiserPageID,
			AmountPence:      in.AmountPence,
			Currency:         in.Currency,
			Status:           domain.DonationPending,
			IdempotencyKey:   &key,
			GiftAidEligible:  in.GiftAid,
			Anonymous:        in.Anonymous,
			Message:          in.Message,
		}
		return s.donations.WithTx(tx).Insert(ctx, d)
	})
	if err != nil {
		return nil, err
	}
	if d.Status != domain.DonationPending {
		// A previous attempt already reached the processor and got an answer.
		return d, nil
	}
	return s.charge(ctx, d, in)
}

func (s *service) charge(ctx context.Context, d *domain.Donation, in CreateInput) (*domain.Donation, error) {
	res, err := s.processor.Authorise(ctx, processor.PaymentRequest{
		Amount:             processor.Amount{Value: d.AmountPence, Currency: d.Currency},
		Reference:          d.ID,
		PaymentMethod:      in.Card,
		ShopperEmail:       in.ShopperEmail,
		ShopperReference:   "donor-" + d.DonorID,
		ShopperInteraction: "Ecommerce",
		Metadata:           map[string]string{"charity_id": d.CharityID},
	},
		processor.WithIdempotencyKey(idgen.Derive("donation", d.ID)),
		processor.WithRequestID(reqctx.RequestID(ctx)),
	)
	if err != nil {
		// The donation stays pending; the client retries with the same
		// Idempotency-Key and we replay the same processor key.
		s.log.Warn("authorise failed", zap.String("donation_id", d.ID), zap.Error(err))
		return nil, fmt.Errorf("authorise donation: %w", err)
	}
	if !res.Authorised() {
		if err := s.donations.MarkFailed(ctx, d.ID, res.RefusalReason); err != nil {
			return nil, err
		}
		d.Status = domain.DonationFailed
		d.FailureReason = &res.RefusalReason
		return d, nil
	}
	if err := s.donations.MarkAuthorised(ctx, d.ID, res.PSPReference); err != nil {
		return nil, err
	}
	d.Status = domain.DonationAuthorised
	d.PSPReference = &res.PSPReference
	return d, nil
}

func (s *service) Get(ctx context.Context, id string) (*domain.Donation, error) {
	d, err := s.donations.Get(ctx, id)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	return d, err
}
