package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
)

type IssueBatchInput struct {
	BatchID    uuid.UUID
	AccountID  uuid.UUID
	LoungeCode string
	Quantity   int
	PONumber   string
	ValidDays  int
}

type CorporateService interface {
	IssueBatch(ctx context.Context, in IssueBatchInput) (domain.PassBatch, error)
}

type corporateService struct {
	corporate CorporateStore
	catalog   Catalog
	newID     NewIDFunc
	now       NowFunc
	log       *slog.Logger
}

func NewCorporateService(corp CorporateStore, catalog Catalog, newID NewIDFunc, now NowFunc, log *slog.Logger) CorporateService {
	return &corporateService{corporate: corp, catalog: catalog, newID: newID, now: now, log: log}
}

// IssueBatch issues day passes to a corporate account on credit. The passes
// are added to the account's balance and invoiced at month end.
func (s *corporateService) IssueBatch(ctx context.Context, in IssueBatchInput) (domain.PassBatch, error) {
	if in.Quantity < 1 || in.Quantity > 200 {
		return domain.PassBatch{}, fmt.Errorf("quantity must be 1..200: %w", domain.ErrValidation)
	}
	if in.ValidDays <= 0 {
		in.ValidDays = 365
	}
	acct, err := s.corporate.Get(ctx, in.AccountID)
	if err != nil {
		return domain.PassBatch{}, err
	}
	lounge, err := s.catalog.LoungeByCode(ctx, in.LoungeCode)
	if err != nil {
		return domain.PassBatch{}, err
	}
	b, err := s.corporate.CreateBatch(ctx, domain.PassBatch{
		ID:             in.BatchID,
		AccountID:      acct.ID,
		LoungeID:       lounge.ID,
		Quantity:       in.Quantity,
		UnitPriceCents: acct.UnitPriceCents,
		PONumber:       in.PONumber,
		ValidUntil:     s.now().Add(time.Duration(in.ValidDays) * 24 * time.Hour),
	}, s.newID)
	if err != nil {
		return domain.PassBatch{}, fmt.Errorf("create batch: %w", err)
	}
	s.log.InfoContext(ctx, "corporate batch issued", "account_id", acct.ID, "batch_id", b.ID, "quantity", b.Quantity)
	return b, nil
}
