package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// NewJob is the input for posting a job.
type NewJob struct {
	Title           string    `json:"title"`
	SourceLang      string    `json:"source_lang"`
	TargetLang      string    `json:"target_lang"`
	WordCount       int       `json:"word_count"`
	BudgetCents     int64     `json:"budget_cents"`
	Currency        string    `json:"currency"`
	Certified       bool      `json:"certified"`
	DeadlineAt      time.Time `json:"deadline_at"`
	SourceObjectKey string    `json:"source_object_key"`
}

func (n *NewJob) validate(now time.Time) error {
	switch {
	case strings.TrimSpace(n.Title) == "":
		return fmt.Errorf("title: %w", platform.ErrInvalid)
	case len(n.SourceLang) < 2 || len(n.TargetLang) < 2 || n.SourceLang == n.TargetLang:
		return fmt.Errorf("language pair: %w", platform.ErrInvalid)
	case n.WordCount <= 0 || n.BudgetCents <= 0:
		return fmt.Errorf("word count and budget must be positive: %w", platform.ErrInvalid)
	case n.DeadlineAt.Before(now.Add(2 * time.Hour)):
		return fmt.Errorf("deadline too soon: %w", platform.ErrInvalid)
	}
	if n.Currency == "" {
		n.Currency = "EUR"
	}
	return nil
}

// Response is a stored or fresh HTTP response for replayable endpoints.
type Response struct {
	Status int
	Body   []byte
}

// JobService handles posting and reading jobs.
type JobService interface {
	Create(ctx context.Context, clientID uuid.UUID, idemKey, requestHash string, in NewJob) (*Response, error)
	Get(ctx context.Context, id string) (*domain.Job, error)
	RequestPrepass(ctx context.Context, clientID uuid.UUID, jobID string, in PrepassOptions) error
}

// PrepassOptions tune the machine-translation pre-pass.
type PrepassOptions struct {
	GlossaryID string `json:"glossary_id"`
	Formality  string `json:"formality"`
}

type jobService struct {
	db   *gorm.DB
	jobs *store.Jobs
	q    tasks.Enqueuer
	now  func() time.Time
}

// NewJobService builds the job service.
func NewJobService(db *gorm.DB, jobs *store.Jobs, q tasks.Enqueuer) JobService {
	return &jobService{db: db, jobs: jobs, q: q, now: func() time.Time { return time.Now().UTC() }}
}

func (s *jobService) Create(ctx context.Context, clientID uuid.UUID, idemKey, requestHash string, in NewJob) (*Response, error) {
	now := s.now()
	if err := in.validate(now); err != nil {
		return nil, err
	}
	scope := "jobs.create:" + clientID.String()
	var out Response
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		prev, err := platform.ClaimKey(tx, scope, idemKey, requestHash)
		if err != nil {
			return err
		}
		if prev != nil {
			out = Response{Status: prev.StatusCode, Body: prev.ResponseBody}
			return nil
		}
		job := domain.Job{
			ID:              "job_" + platform.NewID(),
			ClientID:        clientID,
			Title:           in.Title,
			SourceLang:      in.SourceLang,
			TargetLang:      in.TargetLang,
			WordCount:       in.WordCount,
			BudgetCents:     in.BudgetCents,
			Currency:        in.Currency,
			Status:          domain.JobOpen,
			Certified:       in.Certified,
			DeadlineAt:      in.DeadlineAt.UTC(),
			SourceObjectKey: in.SourceObjectKey,
			CreatedAt:       now,
			UpdatedAt:       now,
		}
		if err := tx.Create(&job).Error; err != nil {
			return err
		}
		if err := s.jobs.AddEvent(platform.WithTx(ctx, tx), job.ID, "posted", clientID.String(), ""); err != nil {
			return err
		}
		body, err := json.Marshal(job)
		if err != nil {
			return err
		}
		out = Response{Status: http.StatusCreated, Body: body}
		return platform.CompleteKey(tx, scope, idemKey, out.Status, body)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (s *jobService) Get(ctx context.Context, id string) (*domain.Job, error) {
	return s.jobs.Get(ctx, id)
}

func (s *jobService) RequestPrepass(ctx context.Context, clientID uuid.UUID, jobID string, in PrepassOptions) error {
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return err
	}
	if job.ClientID != clientID {
		return platform.ErrNotFound
	}
	if job.SourceObjectKey == "" {
		return fmt.Errorf("job has no source file: %w", platform.ErrInvalid)
	}
	if job.Status == domain.JobCancelled {
		return platform.ErrConflict
	}
	_, err = s.q.Enqueue(ctx, tasks.TypeMTPrepass,
		tasks.MTPrepass{JobID: job.ID, GlossaryID: in.GlossaryID, Formality: in.Formality},
		tasks.Keyed("mt-prepass", job.ID), asynq.Queue(tasks.QueueLow))
	return err
}
