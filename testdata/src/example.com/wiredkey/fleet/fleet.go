// Package fleet registers vehicles: its service builds the row from
// the input it is given and hands it to the repository main wires.
package fleet

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/google/uuid"

	"example.com/wiredkey/accounts"
	"example.com/wiredkey/txn"
)

// A Vehicle is one plate of an account.
type Vehicle struct {
	AccountID, Plate, Nickname string
}

// Vehicles stores vehicles.
type Vehicles interface {
	Create(ctx context.Context, v *Vehicle) error
	Tag(ctx context.Context, vehicleID, tagID string) error
	Inspect(ctx context.Context, in Inspection) error
}

// An Inspection is stored under its own ID, one of each kind per
// vehicle.
type Inspection struct {
	ID, VehicleID, Kind string
}

// Plates hands out temporary plates.
type Plates interface {
	Next(ctx context.Context) (string, error)
}

// RegisterInput is what a handler fills from the request.
type RegisterInput struct {
	AccountID, Plate, Nickname string
}

// Service registers vehicles.
type Service struct {
	Vehicles Vehicles
	Plates   Plates
	Accounts Accounts
	DB       *sql.DB
}

func normalize(p string) string { return strings.ToUpper(strings.TrimSpace(p)) }

// Register stores the plate the caller gives, normalised: a retry
// stores the same account and plate again.
func (s *Service) Register(ctx context.Context, in RegisterInput) error {
	v := &Vehicle{AccountID: in.AccountID, Plate: normalize(in.Plate), Nickname: in.Nickname}
	return s.Vehicles.Create(ctx, v)
}

// TagInput lists the tags of one vehicle.
type TagInput struct {
	VehicleID string
	Tags      []Tag
}

// A Tag is one label of a vehicle.
type Tag struct{ ID string }

// TagAll labels the vehicle with each tag the caller lists: a retry
// inserts the same pairs again.
func (s *Service) TagAll(ctx context.Context, in TagInput) error {
	for _, t := range in.Tags {
		if err := s.Vehicles.Tag(ctx, in.VehicleID, t.ID); err != nil {
			return err
		}
	}
	return nil
}

// Temporary stores a plate the allocator hands out on each call: the
// row's key is not the caller's.
func (s *Service) Temporary(ctx context.Context, in RegisterInput) error {
	plate, err := s.Plates.Next(ctx)
	if err != nil {
		return err
	}
	return s.Vehicles.Create(ctx, &Vehicle{AccountID: in.AccountID, Plate: plate, Nickname: in.Nickname})
}

// An Account holds vehicles.
type Account struct {
	ID, Number string
}

// Accounts finds and opens accounts.
type Accounts interface {
	ByNumber(ctx context.Context, number string) (*Account, error)
	Open(ctx context.Context, number string) (*Account, error)
}

// Owned registers a plate for the account the caller names by number:
// the account found is the same on every attempt, and so is the row's
// key, built in a function another package's helper runs.
func (s *Service) Owned(ctx context.Context, number, plate string) error {
	acct, err := s.Accounts.ByNumber(ctx, number)
	if err != nil {
		return err
	}
	v := &Vehicle{AccountID: acct.ID, Plate: normalize(plate)}
	return txn.Run(ctx, func(ctx context.Context) error {
		return s.Vehicles.Create(ctx, v)
	})
}

// Opened registers a plate for an account it opens: each attempt opens
// another, so the row's key is new.
func (s *Service) Opened(ctx context.Context, number, plate string) error {
	acct, err := s.Accounts.Open(ctx, number)
	if err != nil {
		return err
	}
	return s.Vehicles.Create(ctx, &Vehicle{AccountID: acct.ID, Plate: normalize(plate)})
}

// Found registers a plate for the account another package's function
// looks up by the caller's number, wrapped as the store takes it, and
// keeps in a variable: the same account on every attempt.
func (s *Service) Found(ctx context.Context, number, plate string) error {
	acct, err := accounts.Find(ctx, s.DB, accounts.NumberOf(number))
	if err != nil {
		return err
	}
	v := &Vehicle{AccountID: acct.ID, Plate: plate}
	keep(&acct)
	return s.Vehicles.Create(ctx, v)
}

// Created registers a plate for an account another package's function
// opens: a new one on each attempt.
func (s *Service) Created(ctx context.Context, number, plate string) error {
	acct, err := accounts.Open(ctx, s.DB, number)
	if err != nil {
		return err
	}
	keep(&acct)
	return s.Vehicles.Create(ctx, &Vehicle{AccountID: acct.ID, Plate: plate})
}

// keep takes the account's address, so that it lives in a variable.
func keep(*accounts.Account) {}

// FirstInspection stores the vehicle's first inspection under a new ID:
// the vehicle and the kind, the same on every attempt, are a key of the
// table.
func (s *Service) FirstInspection(ctx context.Context, vehicleID string) error {
	return s.Vehicles.Inspect(ctx, Inspection{ID: uuid.NewString(), VehicleID: vehicleID, Kind: "first"})
}

// Inspected stores an inspection of a kind named by the hour: another
// attempt can store another row.
func (s *Service) Inspected(ctx context.Context, vehicleID string) error {
	return s.Vehicles.Inspect(ctx, Inspection{ID: uuid.NewString(), VehicleID: vehicleID, Kind: time.Now().Format("15")})
}
