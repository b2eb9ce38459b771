package folios

import (
	"context"

	"github.com/google/uuid"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/idempotency"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

// OpenRequest opens a folio, optionally posting the deposit taken at booking.
type OpenRequest struct {
	ReservationID string
	Label         string
	Currency      string
	DepositMinor  int64
}

// PostCharge posts an incidental (minibar, spa, parking) to a folio.
type PostCharge struct {
	IdempotencyKey string
	FolioID        string
	Code           string
	Description    string
	AmountMinor    int64
	PostedBy       string
}

// Service is the folios use-case API.
type Service interface {
	Open(ctx context.Context, req OpenRequest) (*Folio, error)
	PostCharge(ctx context.Context, cmd PostCharge) (*Line, error)
}

type service struct {
	repo  Repository
	uow   sqldb.UnitOfWork
	idem  idempotency.Store
	newID func() string
}

// NewService wires the folios service.
func NewService(repo Repository, uow sqldb.UnitOfWork, idem idempotency.Store) Service {
	return &service{repo: repo, uow: uow, idem: idem, newID: uuid.NewString}
}

func (s *service) Open(ctx context.Context, req OpenRequest) (*Folio, error) {
	label := req.Label
	if label == "" {
		label = "main"
	}
	f := &Folio{
		ID:            s.newID(),
		ReservationID: req.ReservationID,
		Label:         label,
		Currency:      req.Currency,
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.CreateFolio(ctx, f); err != nil {
			return err
		}
		if req.DepositMinor == 0 {
			return nil
		}
		if err := s.repo.InsertLine(ctx, &Line{
			ID: s.newID(), FolioID: f.ID, Code: "DEPOSIT", Description: "Deposit taken at booking",
			AmountMinor: -req.DepositMinor, PostedBy: "system",
		}); err != nil {
			return err
		}
		f.BalanceMinor = -req.DepositMinor
		return s.repo.AddToBalance(ctx, f.ID, -req.DepositMinor)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

const scopePostCharge = "folios.charge"

func (s *service) PostCharge(ctx context.Context, cmd PostCharge) (*Line, error) {
	rec, fresh, err := s.idem.Claim(ctx, scopePostCharge, cmd.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	if !fresh {
		if rec.ResourceID == "" {
			return nil, domain.ErrInProgress
		}
		return s.repo.GetLine(ctx, rec.ResourceID)
	}
	line := &Line{
		ID:          s.newID(),
		FolioID:     cmd.FolioID,
		Code:        cmd.Code,
		Description: cmd.Description,
		AmountMinor: cmd.AmountMinor,
		PostedBy:    cmd.PostedBy,
	}
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertLine(ctx, line); err != nil {
			return err
		}
		if err := s.repo.AddToBalance(ctx, line.FolioID, line.AmountMinor); err != nil {
			return err
		}
		return s.idem.Complete(ctx, scopePostCharge, cmd.IdempotencyKey, line.ID)
	})
	if err != nil {
		return nil, err
	}
	return line, nil
}
