package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// TournamentStore reads tournaments.
type TournamentStore interface {
	Get(ctx context.Context, id string) (*domain.Tournament, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Tournament, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
}

type tournamentStore struct {
	*db.Repository[domain.Tournament]
}

// NewTournamentStore builds a TournamentStore.
func NewTournamentStore(g *gorm.DB) *tournamentStore {
	return &tournamentStore{db.NewRepository[domain.Tournament](g)}
}

// EntryStore persists tournament entries.
type EntryStore interface {
	Create(ctx context.Context, e *domain.TournamentEntry) error
	Get(ctx context.Context, id string) (*domain.TournamentEntry, error)
	Update(ctx context.Context, id string, cols map[string]any) (int64, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
	CountActive(ctx context.Context, tournamentID string) (int64, error)
}

type entryStore struct {
	*db.Repository[domain.TournamentEntry]
}

// NewEntryStore builds an EntryStore.
func NewEntryStore(g *gorm.DB) *entryStore {
	return &entryStore{db.NewRepository[domain.TournamentEntry](g)}
}

func (s *entryStore) CountActive(ctx context.Context, tournamentID string) (int64, error) {
	var n int64
	err := s.Conn(ctx).Model(&domain.TournamentEntry{}).
		Where("tournament_id = ? AND status <> ?", tournamentID, domain.EntryWithdrawn).
		Count(&n).Error
	return n, err
}

// AwardStore persists prize awards.
type AwardStore interface {
	CreateIgnoreConflict(ctx context.Context, a *domain.PrizeAward, cols ...string) (bool, error)
	Get(ctx context.Context, id string) (*domain.PrizeAward, error)
	UpdateWhere(ctx context.Context, cols map[string]any, query string, args ...any) (int64, error)
}

type awardStore struct {
	*db.Repository[domain.PrizeAward]
}

// NewAwardStore builds an AwardStore.
func NewAwardStore(g *gorm.DB) *awardStore {
	return &awardStore{db.NewRepository[domain.PrizeAward](g)}
}

// TransferAttemptStore is the append-only payout attempt log.
type TransferAttemptStore interface {
	Create(ctx context.Context, a *domain.TransferAttempt) error
}

type transferAttemptStore struct {
	*db.Repository[domain.TransferAttempt]
}

// NewTransferAttemptStore builds a TransferAttemptStore.
func NewTransferAttemptStore(g *gorm.DB) *transferAttemptStore {
	return &transferAttemptStore{db.NewRepository[domain.TransferAttempt](g)}
}
