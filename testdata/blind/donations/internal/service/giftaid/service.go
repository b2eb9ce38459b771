// Package giftaid records Gift Aid declarations and assembles the monthly
// claim batches the charities' tax reclaim is filed from.
package giftaid

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/repository"
)

// BasicRateNumerator / BasicRateDenominator give the reclaim fraction:
// 25p per £1 donated at a 20% basic rate.
const (
	BasicRateNumerator   = 25
	BasicRateDenominator = 100
)

// DeclareInput is the donor's declaration form.
type DeclareInput struct {
	DonorID     string
	HouseNumber string
	Postcode    string
	Confirmed   bool
}

// Service is the Gift Aid API.
type Service interface {
	Declare(ctx context.Context, donationID string, in DeclareInput) (*domain.GiftAidDeclaration, error)
	BuildMonthlyBatch(ctx context.Context, month time.Time) (*domain.GiftAidBatch, error)
}

type service struct {
	tx        repository.Transactor
	repo      repository.GiftAidRepo
	donations repository.DonationRepo
	log       *zap.Logger
}

// New builds the Gift Aid service.
func New(tx repository.Transactor, repo repository.GiftAidRepo, donations repository.DonationRepo, log *zap.Logger) Service {
	return &service{tx: tx, repo: repo, donations: donations, log: log.Named("giftaid")}
}

func (s *service) Declare(ctx context.Context, donationID string, in DeclareInput) (*domain.GiftAidDeclaration, error) {
	if !in.Confirmed {
		return nil, fmt.Errorf("%w: the donor must confirm they pay UK tax", httpx.ErrConflict)
	}
	d, err := s.donations.Get(ctx, donationID)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if d.DonorID != in.DonorID {
		return nil, httpx.ErrNotFound
	}
	if !d.GiftAidEligible || d.Currency != "GBP" {
		return nil, fmt.Errorf("%w: donation is not eligible for Gift Aid", httpx.ErrConflict)
	}
	decl := &domain.GiftAidDeclaration{
		DonationID:  d.ID,
		DonorID:     d.DonorID,
		HouseNumber: strings.TrimSpace(in.HouseNumber),
		Postcode:    strings.ToUpper(strings.TrimSpace(in.Postcode)),
		TaxYear:     TaxYear(d.CreatedAt),
		Status:      "declared",
	}
	if err := s.repo.InsertDeclaration(ctx, decl); err != nil {
		return nil, fmt.Errorf("save declaration: %w", err)
	}
	return decl, nil
}

// BuildMonthlyBatch assembles the claim for declarations made in month.
func (s *service) BuildMonthlyBatch(ctx context.Context, month time.Time) (*domain.GiftAidBatch, error) {
	from := time.Date(month.Year(), month.Month(), 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 1, 0)

	rows, err := s.repo.ListDeclaredBetween(ctx, from, to)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		s.log.Info("no declarations to claim", zap.Time("month", from))
		return nil, nil
	}

	batch := &domain.GiftAidBatch{
		ID:      idgen.ULID(),
		TaxYear: TaxYear(from),
		Period:  idgen.Period(from),
		Status:  "ready",
	}
	lines := make([]domain.GiftAidClaimLine, 0, len(rows))
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		claim := r.AmountPence * BasicRateNumerator / BasicRateDenominator
		lines = append(lines, domain.GiftAidClaimLine{
			BatchID:       batch.ID,
			DeclarationID: r.DeclarationID,
			DonationID:    r.DonationID,
			DonationPence: r.AmountPence,
			ClaimPence:    claim,
		})
		ids = append(ids, r.DeclarationID)
		batch.TotalClaimPence += claim
	}
	batch.LineCount = len(lines)

	err = s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		repo := s.repo.WithTx(tx)
		if err := repo.InsertBatch(ctx, batch); err != nil {
			return err
		}
		if err := repo.InsertLines(ctx, lines); err != nil {
			return err
		}
		return repo.MarkBatched(ctx, ids)
	})
	if err != nil {
		return nil, fmt.Errorf("save batch %s: %w", batch.Period, err)
	}
	s.log.Info("gift aid batch ready",
		zap.String("batch_id", batch.ID),
		zap.Int("lines", batch.LineCount),
		zap.Int64("claim_pence", batch.TotalClaimPence))
	return batch, nil
}

// TaxYear returns the UK tax year (6 April to 5 April) containing t, e.g.
// "2024-25".
func TaxYear(t time.Time) string {
	t = t.UTC()
	start := time.Date(t.Year(), time.April, 6, 0, 0, 0, 0, time.UTC)
	y := t.Year()
	if t.Before(start) {
		y--
	}
	return fmt.Sprintf("%d-%02d", y, (y+1)%100)
}

// TaxYearBounds returns [start, end) of a "2024-25" style tax year.
func TaxYearBounds(taxYear string) (time.Time, time.Time, error) {
	var y, next int
	if _, err := fmt.Sscanf(taxYear, "%d-%d", &y, &next); err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("bad tax year %q", taxYear)
	}
	start := time.Date(y, time.April, 6, 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(1, 0, 0), nil
}
