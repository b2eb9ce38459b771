package vaccines

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/ids"
	"github.com/pawsandstay/kennel/internal/platform/queue"
)

// Service manages vaccination records.
type Service interface {
	Upload(ctx context.Context, dogID uuid.UUID, req UploadRequest) (*Record, error)
	List(ctx context.Context, dogID uuid.UUID) ([]Record, error)
	Reverify(ctx context.Context, recordID string, req ReverifyRequest) (*Record, error)
}

// UploadRequest is the POST body. DocumentURL points at the certificate
// already uploaded to object storage by the app.
type UploadRequest struct {
	Vaccine        string `json:"vaccine"`
	AdministeredOn string `json:"administered_on"`
	ExpiresOn      string `json:"expires_on"`
	ClinicName     string `json:"clinic_name"`
	DocumentURL    string `json:"document_url"`
	UploadedBy     string `json:"-"`
}

// ReverifyRequest optionally replaces the document of a rejected record.
type ReverifyRequest struct {
	DocumentURL string `json:"document_url"`
}

type service struct {
	db      *bun.DB
	records *platform.Store[Record]
	dir     owners.Directory
	queue   queue.Enqueuer
}

// NewService returns the Service.
func NewService(db *bun.DB, dir owners.Directory, q queue.Enqueuer) Service {
	return &service{db: db, records: platform.NewStore[Record](db), dir: dir, queue: q}
}

func parseDate(field, v string) (time.Time, error) {
	t, err := time.Parse("2006-01-02", v)
	if err != nil {
		return time.Time{}, httpx.Invalid(field + " must be YYYY-MM-DD")
	}
	return t, nil
}

func (s *service) Upload(ctx context.Context, dogID uuid.UUID, req UploadRequest) (*Record, error) {
	if _, ok := Required[req.Vaccine]; !ok {
		return nil, httpx.Invalid("unknown vaccine " + req.Vaccine)
	}
	if req.DocumentURL == "" {
		return nil, httpx.Invalid("document_url is required")
	}
	administered, err := parseDate("administered_on", req.AdministeredOn)
	if err != nil {
		return nil, err
	}
	if administered.After(time.Now()) {
		return nil, httpx.Invalid("administered_on is in the future")
	}
	if _, err := s.dir.Dog(ctx, dogID); err != nil {
		return nil, err
	}

	rec := &Record{
		ID:             ids.Prefixed("vax"),
		DogID:          dogID,
		Vaccine:        req.Vaccine,
		AdministeredOn: administered,
		DocumentURL:    req.DocumentURL,
		Status:         StatusPending,
	}
	if req.ExpiresOn != "" {
		exp, err := parseDate("expires_on", req.ExpiresOn)
		if err != nil {
			return nil, err
		}
		rec.ExpiresOn = &exp
	}
	if req.ClinicName != "" {
		rec.ClinicName = &req.ClinicName
	}
	if req.UploadedBy != "" {
		rec.UploadedBy = &req.UploadedBy
	}

	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(rec).Exec(ctx); err != nil {
			return err
		}
		_, err := s.queue.InsertTx(ctx, tx, jobs.VerifyVaccination{RecordID: rec.ID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

func (s *service) List(ctx context.Context, dogID uuid.UUID) ([]Record, error) {
	return s.records.Find(ctx, "dog_id = ?", dogID)
}

func (s *service) Reverify(ctx context.Context, recordID string, req ReverifyRequest) (*Record, error) {
	var out *Record
	err := platform.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		rec := &Record{ID: recordID}
		q := tx.NewUpdate().Model(rec).
			Set("status = ?", StatusPending).
			Set("rejection_reason = NULL").
			Set("vendor_verification_id = NULL").
			Where("id = ? AND status IN (?)", recordID, bun.In([]string{StatusRejected, StatusExpired})).
			Returning("*")
		if req.DocumentURL != "" {
			q = q.Set("document_url = ?", req.DocumentURL)
		}
		res, err := q.Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			cur, err := s.records.Get(ctx, recordID)
			if err != nil {
				return err
			}
			if cur.Status != StatusPending && cur.Status != StatusSubmitted {
				return fmt.Errorf("%w: record is %s", platform.ErrConflict, cur.Status)
			}
			out = cur
			return nil
		}
		out = rec

		_, err = s.queue.InsertTx(ctx, tx, jobs.VerifyVaccination{RecordID: rec.ID}, &river.InsertOpts{
			Queue:      queue.QueueVendor,
			UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: time.Hour},
		})
		return err
	})
	return out, err
}
