package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/voltway/charging/internal/payments"
	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/idemkeys"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/tariff"
)

// Errors surfaced to the API layer.
var (
	ErrNoPaymentMethod = errors.New("driver has no default payment method")
	ErrNotOwner        = errors.New("session belongs to another driver")
	ErrNotStoppable    = errors.New("session cannot be stopped in its current state")
	ErrStationBusy     = errors.New("station is not available")
)

// TariffReader is the subset of the tariff repo used here.
type TariffReader interface {
	Current(ctx context.Context, q dbutil.Querier, tariffID string) (tariff.Version, error)
}

// Service implements app-initiated session start/stop.
type Service struct {
	db       *sql.DB
	repo     *Repo
	tariffs  TariffReader
	payments payments.Gateway
	commands CommandSender
}

// NewService wires the session service.
func NewService(db *sql.DB, repo *Repo, tariffs TariffReader, pg payments.Gateway, cmds CommandSender) *Service {
	return &Service{db: db, repo: repo, tariffs: tariffs, payments: pg, commands: cmds}
}

// StartRequest is the app's start-session request.
type StartRequest struct {
	StationID   string `json:"station_id"`
	ConnectorID int    `json:"connector_id"`
}

// Start begins a session for driverID. idemKey is the client's
// Idempotency-Key; rawBody is fingerprinted to detect key reuse.
func (s *Service) Start(ctx context.Context, driverID, idemKey, rawBody string, req StartRequest) (Session, error) {
	driver, err := s.repo.GetDriver(ctx, s.db, driverID)
	if err != nil {
		return Session{}, err
	}
	station, err := s.repo.GetStation(ctx, s.db, req.StationID)
	if err != nil {
		return Session{}, err
	}
	if station.Status != "AVAILABLE" && station.Status != "PREPARING" {
		return Session{}, ErrStationBusy
	}
	tv, err := s.tariffs.Current(ctx, s.db, station.TariffID)
	if err != nil {
		return Session{}, err
	}
	fleetSession := driver.FleetID.Valid
	if !fleetSession && !driver.DefaultPaymentMethod.Valid {
		return Session{}, ErrNoPaymentMethod
	}

	var sessionID string
	err = dbutil.WithTx(ctx, s.db, func(tx *sql.Tx) error {
		claim, err := idemkeys.ClaimKey(ctx, tx, "start-session:"+driverID, idemKey,
			idemkeys.Hash(rawBody), ids.NewUUID())
		if err != nil {
			return err
		}
		sessionID = claim.ResourceID
		if !claim.Fresh {
			return nil
		}
		status := StatusPendingAuth
		if fleetSession {
			status = StatusAuthorized
		}
		return s.repo.Insert(ctx, tx, Session{
			ID:              sessionID,
			DriverID:        sql.NullString{String: driverID, Valid: true},
			StationID:       station.ID,
			ConnectorID:     req.ConnectorID,
			Origin:          OriginApp,
			Status:          status,
			TariffID:        tv.TariffID,
			Currency:        tv.Currency,
			HoldAmountCents: tv.HoldAmount(),
			FleetID:         driver.FleetID,
		})
	})
	if err != nil {
		return Session{}, err
	}

	sess, err := s.repo.Get(ctx, s.db, sessionID)
	if err != nil {
		return Session{}, err
	}
	if sess.Status == StatusPendingAuth {
		intent, err := s.payments.CreateHold(ctx, payments.HoldRequest{
			CustomerID:      driver.StripeCustomerID,
			PaymentMethodID: driver.DefaultPaymentMethod.String,
			AmountCents:     sess.HoldAmountCents,
			Currency:        sess.Currency,
			Description:     "Charging pre-authorisation",
			Metadata:        map[string]string{"session_id": sess.ID},
			IdempotencyKey:  "hold:" + sess.ID,
		})
		if err != nil {
			if errors.Is(err, payments.ErrCardDeclined) {
				_, _ = s.repo.Transition(ctx, s.db, sess.ID, StatusFailed, StatusPendingAuth)
			}
			return Session{}, err
		}
		if err := s.repo.MarkAuthorized(ctx, s.db, sess.ID, intent.ID); err != nil {
			return Session{}, fmt.Errorf("record hold: %w", err)
		}
		sess.Status = StatusAuthorized
		sess.PaymentIntentID = sql.NullString{String: intent.ID, Valid: true}
	}
	if sess.Status == StatusAuthorized {
		if err := s.commands.Send(ctx, StartCommand(sess)); err != nil {
			return Session{}, err
		}
	}
	return sess, nil
}

// Stop asks the station to end driverID's session.
func (s *Service) Stop(ctx context.Context, driverID, sessionID string) (Session, error) {
	sess, err := s.repo.Get(ctx, s.db, sessionID)
	if err != nil {
		return Session{}, err
	}
	if sess.DriverID.String != driverID {
		return Session{}, ErrNotOwner
	}
	switch sess.Status {
	case StatusActive:
		if _, err := s.repo.Transition(ctx, s.db, sess.ID, StatusStopping, StatusActive); err != nil {
			return Session{}, err
		}
		sess.Status = StatusStopping
	case StatusStopping:
		// A previous request got this far; send the stop again in case the
		// command never reached the queue.
	default:
		return sess, ErrNotStoppable
	}
	if err := s.commands.Send(ctx, NewCommand(CmdRemoteStop, sess)); err != nil {
		return Session{}, err
	}
	return sess, nil
}
