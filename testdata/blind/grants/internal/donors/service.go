// Package donors maintains donor records: merges and e-mail deliverability.
package donors

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Service implements service.DonorService.
type Service struct {
	db           db.Beginner
	donors       repo.Donors
	donations    repo.Donations
	pledges      repo.Pledges
	suppressions repo.Suppressions
	audit        repo.Audit
	log          *slog.Logger
}

var _ service.DonorService = (*Service)(nil)

// Deps are the collaborators of Service.
type Deps struct {
	DB           db.Beginner
	Donors       repo.Donors
	Donations    repo.Donations
	Pledges      repo.Pledges
	Suppressions repo.Suppressions
	Audit        repo.Audit
}

// New builds the service.
func New(d Deps) *Service {
	return &Service{
		db:           d.DB,
		donors:       d.Donors,
		donations:    d.Donations,
		pledges:      d.Pledges,
		suppressions: d.Suppressions,
		audit:        d.Audit,
		log:          slog.Default().With("component", "donors"),
	}
}

// Merge folds the source donor into the target. Both rows are locked in id
// order so concurrent merges cannot deadlock.
func (s *Service) Merge(ctx context.Context, ev service.DonorMergeRequested) error {
	if ev.SourceDonorID == "" || ev.SourceDonorID == ev.TargetDonorID {
		return nil
	}
	return db.Exec(ctx, s.db, func(tx *sqlx.Tx) error {
		donors := s.donors.WithTx(tx)
		first, second := ev.SourceDonorID, ev.TargetDonorID
		if second < first {
			first, second = second, first
		}
		locked := map[string]*domain.Donor{}
		for _, id := range []string{first, second} {
			d, err := donors.GetForUpdate(ctx, id)
			if err != nil {
				return err
			}
			locked[id] = d
		}
		src := locked[ev.SourceDonorID]
		if src.MergedInto != nil {
			if *src.MergedInto == ev.TargetDonorID {
				return nil
			}
			return fmt.Errorf("%w: donor %s already merged into %s", service.ErrInvalidState, src.ID, *src.MergedInto)
		}
		if locked[ev.TargetDonorID].MergedInto != nil {
			return fmt.Errorf("%w: target donor %s is itself merged", service.ErrInvalidState, ev.TargetDonorID)
		}

		nd, err := s.donations.WithTx(tx).ReassignDonor(ctx, src.ID, ev.TargetDonorID)
		if err != nil {
			return err
		}
		np, err := s.pledges.WithTx(tx).ReassignDonor(ctx, src.ID, ev.TargetDonorID)
		if err != nil {
			return err
		}
		if err := donors.MarkMerged(ctx, src.ID, ev.TargetDonorID); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "donors merged", "source", src.ID, "target", ev.TargetDonorID,
			"donations", nd, "pledges", np)
		return nil
	})
}

// RecordBounce suppresses an address that hard-bounced or complained.
func (s *Service) RecordBounce(ctx context.Context, b service.EmailBounce) error {
	if err := s.audit.Append(ctx, ids.Short(), "mailer", b.Raw); err != nil {
		s.log.WarnContext(ctx, "audit append failed", "err", err)
	}
	if err := s.suppressions.Upsert(ctx, b.Email, b.Reason); err != nil {
		return err
	}
	return s.donors.SetEmailStatus(ctx, b.Email, "bounced")
}
