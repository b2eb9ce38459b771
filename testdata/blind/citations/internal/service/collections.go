package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/provider/agency"
	"github.com/harborcity/citeproc/internal/store"
)

// CollectionsService refers delinquent citations to the agency and applies
// what the agency collects.
type CollectionsService struct {
	stores Stores
	agency CollectionsAgency
	log    *slog.Logger
}

func NewCollectionsService(stores Stores, ag CollectionsAgency, log *slog.Logger) *CollectionsService {
	return &CollectionsService{stores: stores, agency: ag, log: log}
}

// Refer places the citation with the agency. The referral row's ID, derived
// from the citation, is the agency client_reference.
func (s *CollectionsService) Refer(ctx context.Context, citationID string) (*model.CollectionsReferral, error) {
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.Get(ctx, citationID)
	if err != nil {
		return nil, mapNotFound(err, "citation "+citationID)
	}
	if c.Closed() || c.BalanceCents <= 0 {
		return nil, nil
	}
	ref, err := repos.Collections.Ensure(ctx, c.ID, c.BalanceCents)
	if err != nil {
		return nil, err
	}
	if ref.Status != model.ReferralPending {
		return ref, nil
	}
	owner, err := repos.Notices.Owner(ctx, c.ID)
	if err != nil {
		return nil, mapNotFound(err, "owner for "+c.CitationNumber)
	}
	acct, err := s.agency.Refer(ctx, agency.Referral{
		ClientReference: ref.ID,
		Debtor: agency.Debtor{
			Name: owner.FullName, Line1: owner.Line1, Line2: owner.Line2,
			City: owner.City, Region: owner.Region, PostalCode: owner.PostalCode,
		},
		CitationNumber: c.CitationNumber,
		Plate:          c.PlateState + "-" + c.Plate,
		BalanceCents:   c.BalanceCents,
		IssuedAt:       c.IssuedAt,
	})
	if err != nil {
		return nil, fmt.Errorf("refer %s: %w", c.CitationNumber, err)
	}
	err = s.stores.InTx(ctx, func(r store.Repos) error {
		if err := r.Collections.MarkReferred(ctx, ref.ID, acct.Ref); err != nil {
			return err
		}
		_, err := r.Citations.TransitionStatus(ctx, c.ID, []string{model.CitationOpen}, model.CitationCollect)
		return err
	})
	if err != nil {
		return nil, err
	}
	return repos.Collections.ByCitation(ctx, c.ID)
}

// Recall withdraws an active referral. A referral that is not active is
// left alone.
func (s *CollectionsService) Recall(ctx context.Context, citationID, reason string) error {
	repos := s.stores.Repos(ctx)
	ref, err := repos.Collections.ByCitation(ctx, citationID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if ref.Status != model.ReferralActive || ref.AgencyAccountRef == nil {
		return nil
	}
	if err := s.agency.Recall(ctx, *ref.AgencyAccountRef, reason); err != nil {
		return fmt.Errorf("recall %s: %w", *ref.AgencyAccountRef, err)
	}
	_, err = repos.Collections.MarkRecalled(ctx, ref.ID)
	return err
}

// ApplyRemittance posts money the agency collected to the citation.
func (s *CollectionsService) ApplyRemittance(ctx context.Context, ev *agency.RemittanceEvent) error {
	if ev.GrossCents <= 0 {
		return invalid("remittance %s has no amount", ev.TxnID)
	}
	return s.stores.InTx(ctx, func(r store.Repos) error {
		ref, err := r.Collections.ByAccountRef(ctx, ev.AccountRef)
		if err != nil {
			return mapNotFound(err, "agency account "+ev.AccountRef)
		}
		if err := r.Collections.InsertRemittance(ctx, &model.CollectionRemittance{
			ReferralID:  ref.ID,
			AgencyTxnID: ev.TxnID,
			GrossCents:  ev.GrossCents,
			FeeCents:    ev.FeeCents,
			CollectedAt: ev.CollectedAt,
		}); err != nil {
			return err
		}
		if err := r.Citations.AdjustBalance(ctx, ref.CitationID, -ev.GrossCents); err != nil {
			return err
		}
		if err := r.Ledger.Append(ctx, ref.CitationID, model.LedgerRemittance, -ev.GrossCents, "agency", ev.TxnID); err != nil {
			return err
		}
		c, err := r.Citations.Get(ctx, ref.CitationID)
		if err != nil {
			return err
		}
		if c.BalanceCents <= 0 {
			if _, err := r.Citations.TransitionStatus(ctx, c.ID, []string{model.CitationCollect}, model.CitationPaid); err != nil {
				return err
			}
		}
		return nil
	})
}
