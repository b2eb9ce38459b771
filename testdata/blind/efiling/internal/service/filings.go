package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/audit"
	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// CreateFilingInput is a new draft filing.
type CreateFilingInput struct {
	FirmID         uuid.UUID
	IdempotencyKey string
	MatterID       uuid.UUID `json:"matter_id"`
	AttorneyID     uuid.UUID `json:"attorney_id"`
	FilingCode     string    `json:"filing_code"`
	Description    string    `json:"description"`
}

// AddDocumentInput attaches an uploaded PDF to a draft filing.
type AddDocumentInput struct {
	FirmID     uuid.UUID
	FilingID   uuid.UUID
	Title      string `json:"title"`
	StorageKey string `json:"storage_key"`
	SHA256     string `json:"sha256"`
	PageCount  int32  `json:"page_count"`
	Lead       bool   `json:"lead"`
}

// FeeSchedule prices a filing code in a court.
type FeeSchedule interface {
	CourtFee(courtCode, filingCode string) (int64, bool)
	ServiceFee(courtCode string) int64
}

// Filings manages the filing lifecycle up to submission.
type Filings struct {
	store *store.Store
	jobs  jobs.Inserter
	fees  FeeSchedule
	audit *audit.Recorder
}

// NewFilings returns the filings service.
func NewFilings(s *store.Store, j jobs.Inserter, fees FeeSchedule, a *audit.Recorder) *Filings {
	return &Filings{store: s, jobs: j, fees: fees, audit: a}
}

func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Create opens a draft filing. The Idempotency-Key is claimed in the same
// transaction as the insert, so a repeated request returns the first filing.
func (s *Filings) Create(ctx context.Context, in CreateFilingInput) (db.Filing, error) {
	if in.IdempotencyKey == "" {
		return db.Filing{}, invalid("Idempotency-Key header is required")
	}
	if strings.TrimSpace(in.FilingCode) == "" {
		return db.Filing{}, invalid("filing_code is required")
	}
	matter, err := s.store.GetMatter(ctx, in.MatterID)
	if err != nil || matter.FirmID != in.FirmID {
		return db.Filing{}, notFound(pgx.ErrNoRows, "matter")
	}
	courtFee, ok := s.fees.CourtFee(matter.CourtCode, in.FilingCode)
	if !ok {
		return db.Filing{}, invalid("filing code %q is not accepted by %s", in.FilingCode, matter.CourtCode)
	}
	hash := requestHash(struct {
		M, A uuid.UUID
		C, D string
	}{in.MatterID, in.AttorneyID, in.FilingCode, in.Description})

	var out db.Filing
	err = s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		claimed, err := q.ClaimIdempotencyKey(ctx, in.FirmID, in.IdempotencyKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			prev, err := q.GetIdempotencyKey(ctx, in.FirmID, in.IdempotencyKey)
			if err != nil {
				return err
			}
			if prev.RequestHash != hash || prev.ResourceID == nil {
				return conflict("Idempotency-Key was used for a different request")
			}
			out, err = q.GetFiling(ctx, *prev.ResourceID)
			return err
		}
		out, err = q.InsertFiling(ctx, db.InsertFilingParams{
			ID:              uuid.New(),
			FirmID:          in.FirmID,
			MatterID:        matter.ID,
			AttorneyID:      in.AttorneyID,
			CourtCode:       matter.CourtCode,
			FilingCode:      in.FilingCode,
			Description:     in.Description,
			CourtFeeCents:   courtFee,
			ServiceFeeCents: s.fees.ServiceFee(matter.CourtCode),
		})
		if err != nil {
			return err
		}
		return q.SetIdempotencyResource(ctx, in.FirmID, in.IdempotencyKey, out.ID)
	})
	if err != nil {
		return db.Filing{}, err
	}
	s.audit.Record(ctx, audit.Event{
		FirmID: &in.FirmID, Actor: "api", Action: "filing.create", SubjectID: out.ID.String(),
		Detail: map[string]any{"idempotency_key": in.IdempotencyKey},
	})
	return out, nil
}

// AddDocument attaches a document at the next position.
func (s *Filings) AddDocument(ctx context.Context, in AddDocumentInput) (db.FilingDocument, error) {
	if in.PageCount <= 0 || in.StorageKey == "" || len(in.SHA256) != 64 {
		return db.FilingDocument{}, invalid("storage_key, sha256 and page_count are required")
	}
	var doc db.FilingDocument
	err := s.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		f, err := q.GetFilingForFirm(ctx, in.FilingID, in.FirmID)
		if err != nil {
			return notFound(err, "filing")
		}
		if f.Status != "draft" && f.Status != "fee_authorized" {
			return conflict("documents cannot be added once a filing is %s", f.Status)
		}
		doc, err = q.InsertFilingDocument(ctx, db.InsertFilingDocumentParams{
			ID:         uuid.New(),
			FilingID:   f.ID,
			Title:      in.Title,
			StorageKey: in.StorageKey,
			SHA256:     strings.ToLower(in.SHA256),
			PageCount:  in.PageCount,
			Lead:       in.Lead,
		})
		return err
	})
	return doc, err
}

// Submit queues a paid filing for transmission to the court.
func (s *Filings) Submit(ctx context.Context, firmID, filingID uuid.UUID) error {
	docs, err := s.store.ListFilingDocuments(ctx, filingID)
	if err != nil {
		return err
	}
	if len(docs) == 0 {
		return invalid("a filing needs at least one document")
	}
	n, err := s.store.MarkFilingQueued(ctx, filingID, firmID)
	if err != nil {
		return err
	}
	if n == 0 {
		return conflict("filing is not ready to submit")
	}
	if _, err := s.jobs.Insert(ctx, jobs.SubmitFilingArgs{FilingID: filingID}, nil); err != nil {
		return fmt.Errorf("enqueue submission: %w", err)
	}
	s.audit.Record(ctx, audit.Event{FirmID: &firmID, Actor: "api", Action: "filing.submit", SubjectID: filingID.String()})
	return nil
}
