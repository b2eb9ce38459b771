// Package app cancels and closes appointments through the repository,
// outbox and unit of work that main wires.
package app

import (
	"context"
	"net/http"
)

type Status string

const (
	StatusBooked    Status = "booked"
	StatusCancelled Status = "cancelled"
	StatusClosed    Status = "closed"
)

type Appointment struct {
	ID     string
	Status Status
}

type Repo interface {
	Get(ctx context.Context, id string) (Appointment, error)
	UpdateStatus(ctx context.Context, id string, status Status) error
}

// Outbox records events to publish.
type Outbox interface {
	Write(ctx context.Context, topic string, body []byte) error
	WriteNotice(ctx context.Context, topic string, body []byte) error
}

// Tx runs fn in a transaction that the context it passes fn carries.
type Tx interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	repo   Repo
	outbox Outbox
	tx     Tx
}

func New(r Repo, o Outbox, tx Tx) *Service { return &Service{repo: r, outbox: o, tx: tx} }

// Cancel leaves when the appointment is cancelled already, and sets the
// status in the transaction that records the event: a retry after the
// commit leaves at the test.
func (s *Service) Cancel(ctx context.Context, id string) error {
	a, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if a.Status == StatusCancelled {
		return nil
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.repo.UpdateStatus(ctx, a.ID, StatusCancelled); err != nil {
			return err
		}
		return s.outbox.Write(ctx, "cancelled", []byte(a.ID))
	})
}

// Close sets the status too, but tests none: a retry records a second
// event.
func (s *Service) Close(ctx context.Context, id string) error {
	a, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.repo.UpdateStatus(ctx, a.ID, StatusClosed); err != nil {
			return err
		}
		return s.outbox.WriteNotice(ctx, "closed", []byte(a.ID))
	})
}

// CancelRequest is Cancel as an HTTP handler of its own.
func (s *Service) CancelRequest(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	a, err := s.repo.Get(ctx, r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	if a.Status == StatusCancelled {
		return
	}
	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if err := s.repo.UpdateStatus(ctx, a.ID, StatusCancelled); err != nil {
			return err
		}
		return s.outbox.Write(ctx, "cancelled", []byte(a.ID))
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
