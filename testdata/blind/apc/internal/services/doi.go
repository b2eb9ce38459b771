package services

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/platform/retryx"
	"github.com/quillpress/apcdesk/internal/providers/doireg"
)

// DOIConfig configures the DOI service.
type DOIConfig struct {
	LandingBase string // e.g. https://journals.quillpress.org
	NotifyEmail string
	BatchSize   int
}

// DOIService implements domain.DOIService.
type DOIService struct {
	store    domain.Store
	registry Registry
	cfg      DOIConfig
	log      *slog.Logger
	now      Clock
}

var _ domain.DOIService = (*DOIService)(nil)

// NewDOIService wires a DOIService.
func NewDOIService(store domain.Store, registry Registry, cfg DOIConfig, log *slog.Logger) *DOIService {
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 100
	}
	return &DOIService{store: store, registry: registry, cfg: cfg, log: log.With("service", "doi"), now: UTC}
}

// Enqueue queues a DOI for deposit once its invoice is cleared.
func (s *DOIService) Enqueue(ctx context.Context, ev domain.InvoiceCleared) error {
	if ev.DOI == "" || ev.ArticleID == "" {
		s.log.InfoContext(ctx, "cleared invoice has no article yet", "invoice", ev.InvoiceID)
		return nil
	}
	reg := domain.DOIRegistration{
		ID:         uuid.NewString(),
		ArticleID:  ev.ArticleID,
		InvoiceID:  ev.InvoiceID,
		DOI:        ev.DOI,
		Title:      ev.Title,
		LandingURL: s.landingURL(ev.Journal, ev.DOI),
		Status:     domain.DOIPending,
	}
	if err := s.store.DOIs().Create(ctx, &reg); err != nil {
		return fmt.Errorf("queue doi %s: %w", ev.DOI, err)
	}
	s.log.InfoContext(ctx, "doi queued", "doi", ev.DOI, "via", ev.ClearedVia)
	return nil
}

// RunBatch resubmits batches left open by an earlier run, then opens and
// submits one new batch. It returns the number of registrations sent.
func (s *DOIService) RunBatch(ctx context.Context) (int, error) {
	sent := 0

	stale, err := s.store.DOIs().BatchesInStatus(ctx, "open", 20)
	if err != nil {
		return 0, err
	}
	for _, b := range stale {
		items, err := s.store.DOIs().BatchItems(ctx, b.ID)
		if err != nil {
			return sent, err
		}
		if err := s.submit(ctx, b.ID, items); err != nil {
			return sent, err
		}
		sent += len(items)
	}

	batchID := "qp-" + xid.New().String()
	batch, items, err := s.store.DOIs().OpenBatch(ctx, batchID, s.cfg.BatchSize)
	if err != nil {
		return sent, fmt.Errorf("open doi batch: %w", err)
	}
	if len(items) > 0 {
		if err := s.submit(ctx, batch.ID, items); err != nil {
			return sent, err
		}
		sent += len(items)
	}

	return sent, nil
}

func (s *DOIService) submit(ctx context.Context, batchID string, items []domain.DOIRegistration) error {
	dep := doireg.Deposit{
		BatchID: batchID,
		Email:   s.cfg.NotifyEmail,
		Kind:    "new",
		Records: make([]doireg.Record, 0, len(items)),
	}
	for _, it := range items {
		dep.Records = append(dep.Records, doireg.Record{
			DOI:        it.DOI,
			URL:        it.LandingURL,
			Title:      it.Title,
			ArticleRef: it.ArticleID,
		})
	}
	st, err := retryx.Value(ctx, func() (*doireg.DepositStatus, error) {
		return s.registry.SubmitBatch(ctx, dep)
	})
	if err != nil {
		return fmt.Errorf("submit doi batch %s: %w", batchID, err)
	}
	s.log.InfoContext(ctx, "doi batch submitted", "batch", batchID, "items", len(items), "status", st.Status, "duplicate", st.Duplicate)
	return s.applyDeposit(ctx, st)
}

func (s *DOIService) applyDeposit(ctx context.Context, st *doireg.DepositStatus) error {
	// The registry validates a deposit synchronously; "queued" only appears
	// under load. A queued batch stays open and the next run resubmits it
	// under the same batch id to read the outcome.
	switch st.Status {
	case "accepted":
		return s.store.DOIs().MarkBatchOutcome(ctx, st.BatchID, true, "")
	case "rejected":
		s.log.WarnContext(ctx, "doi batch rejected", "batch", st.BatchID, "message", st.Message)
		return s.store.DOIs().MarkBatchOutcome(ctx, st.BatchID, false, st.Message)
	default:
		return nil
	}
}

// Redeposit pushes corrected metadata for an article to the registry.
func (s *DOIService) Redeposit(ctx context.Context, ev domain.ArticleCorrected) error {
	reg, err := s.store.DOIs().ByArticle(ctx, ev.ArticleID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.InfoContext(ctx, "correction for article without doi record", "article", ev.ArticleID)
		return nil
	}
	if err != nil {
		return err
	}
	landing := ev.LandingURL
	if landing == "" {
		landing = reg.LandingURL
	}
	if err := s.store.DOIs().UpdateMetadata(ctx, ev.ArticleID, ev.Title, landing); err != nil {
		return err
	}
	if reg.Status != domain.DOIRegistered {
		// Not deposited yet: the pending batch will pick up the new metadata.
		return nil
	}

	dep := doireg.Deposit{
		Email: s.cfg.NotifyEmail,
		Kind:  "update",
		Records: []doireg.Record{{
			DOI:        reg.DOI,
			URL:        landing,
			Title:      ev.Title,
			ArticleRef: reg.ArticleID,
		}},
	}
	st, err := retryx.Value(ctx, func() (*doireg.DepositStatus, error) {
		return s.registry.SubmitBatch(ctx, dep)
	})
	if err != nil {
		return fmt.Errorf("redeposit %s: %w", reg.DOI, err)
	}
	s.log.InfoContext(ctx, "doi metadata redeposited", "doi", reg.DOI, "batch", st.BatchID, "status", st.Status)
	return nil
}

func (s *DOIService) landingURL(journal, doi string) string {
	return fmt.Sprintf("%s/%s/article/%s",
		strings.TrimRight(s.cfg.LandingBase, "/"),
		strings.ToLower(journal),
		url.PathEscape(doi))
}
