// Package intake receives partners' transfers of animals.
package intake

import (
	"context"

	"github.com/google/uuid"

	"example.com/wiredrollback/store"
)

// UnitOfWork runs work in one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r *store.Repos) error) error
}

// Notice is a partner's transfer notice.
type Notice struct {
	PartnerID, TransferID, Name string
}

// Service records transfers.
type Service struct {
	uow   UnitOfWork
	newID func() string
}

// NewService returns a service that makes its IDs with uuid.NewString.
func NewService(uow UnitOfWork) *Service {
	return &Service{uow: uow, newID: uuid.NewString}
}

// Receive creates the animal and records the transfer, under the
// partner's transfer ID, in one transaction: a repeat fails at the
// transfer and rolls the animal back.
func (s *Service) Receive(ctx context.Context, n Notice) (string, error) {
	animal := store.Animal{ID: s.newID(), Name: n.Name}
	transfer := store.Transfer{ID: s.newID(), PartnerID: n.PartnerID, PartnerTransferID: n.TransferID, AnimalID: animal.ID}
	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Animals.Insert(ctx, animal); err != nil {
			return err
		}
		if err := r.Transfers.Insert(ctx, transfer); err != nil {
			return err
		}
		return r.Outbox.Enqueue(ctx, "animal.intaken", animal.ID)
	})
	return animal.ID, err
}

// ReceiveQuietly ignores a transfer stored before, and creates the
// animal again.
func (s *Service) ReceiveQuietly(ctx context.Context, n Notice) (string, error) {
	animal := store.Animal{ID: s.newID(), Name: n.Name} // want `a retry inserts a second rescue_animals row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PostTransferQuietly\)`
	transfer := store.Transfer{ID: animal.ID, PartnerID: n.PartnerID, PartnerTransferID: n.TransferID, AnimalID: animal.ID}
	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Animals.Insert(ctx, animal); err != nil {
			return err
		}
		return r.Transfers.InsertQuietly(ctx, transfer)
	})
	return animal.ID, err
}
