package ledger

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

var ErrUnbalanced = errors.New("ledger: entry does not balance")

type Line struct {
	Account string
	Debit   int64
	Credit  int64
	Memo    string
}

// Entry is a journal entry to post. IdempotencyKey is optional; when set, a
// second Post with the same company and key returns the first entry instead
// of booking again.
type Entry struct {
	CompanyID      uuid.UUID
	IdempotencyKey string
	Description    string
	Source         string
	Lines          []Line
	// Also runs inside the posting transaction, for callers that need to
	// update their own rows together with the booking.
	Also func(tx *gorm.DB) error
}

type PostResult struct {
	EntryID   string
	Duplicate bool
}

type Service struct {
	db      *gorm.DB
	entries *Repo[JournalEntry]
	lines   *Repo[JournalLine]
}

func Open(dsn string) (*gorm.DB, error) {
	return gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
	})
}

func NewService(db *gorm.DB) *Service {
	return &Service{db: db, entries: NewRepo[JournalEntry](db), lines: NewRepo[JournalLine](db)}
}

func (e Entry) validate() error {
	if len(e.Lines) < 2 {
		return fmt.Errorf("%w: need at least two lines", ErrUnbalanced)
	}
	var dr, cr int64
	for _, l := range e.Lines {
		if l.Debit < 0 || l.Credit < 0 {
			return fmt.Errorf("%w: negative amount on %s", ErrUnbalanced, l.Account)
		}
		dr += l.Debit
		cr += l.Credit
	}
	if dr != cr {
		return fmt.Errorf("%w: debits %d != credits %d", ErrUnbalanced, dr, cr)
	}
	return nil
}

// Post books the entry in one database transaction.
func (s *Service) Post(ctx context.Context, e Entry) (PostResult, error) {
	if err := e.validate(); err != nil {
		return PostResult{}, err
	}
	var res PostResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		je := JournalEntry{
			ID:          ulid.Make().String(),
			CompanyID:   e.CompanyID,
			Description: e.Description,
			Source:      e.Source,
		}
		entries := s.entries.WithTx(tx)
		if e.IdempotencyKey != "" {
			key := e.IdempotencyKey
			je.IdempotencyKey = &key
			inserted, err := entries.CreateIfAbsent(ctx, &je, "company_id", "idempotency_key")
			if err != nil {
				return err
			}
			if !inserted {
				prev, err := entries.First(ctx, "company_id = ? AND idempotency_key = ?", e.CompanyID, key)
				if err != nil {
					return err
				}
				res = PostResult{EntryID: prev.ID, Duplicate: true}
				return nil
			}
		} else if err := entries.Create(ctx, &je); err != nil {
			return err
		}

		lines := make([]JournalLine, 0, len(e.Lines))
		for _, l := range e.Lines {
			lines = append(lines, JournalLine{
				EntryID: je.ID, AccountCode: l.Account, DebitCents: l.Debit, CreditCents: l.Credit, Memo: l.Memo,
			})
		}
		if err := s.lines.WithTx(tx).CreateBatch(ctx, lines); err != nil {
			return err
		}
		if e.Also != nil {
			if err := e.Also(tx); err != nil {
				return err
			}
		}
		res = PostResult{EntryID: je.ID}
		return nil
	})
	return res, err
}
