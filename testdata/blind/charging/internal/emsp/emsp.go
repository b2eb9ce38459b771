// Package emsp is our eMSP role: starting sessions for our drivers on
// partner networks and tracking those sessions as partners report them.
package emsp

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/roaming"
)

// Command is a stored START_SESSION request.
type Command struct {
	ID         string
	DriverID   string
	ClientKey  string
	PartnerID  string
	LocationID string
	EvseUID    string
	Status     string
}

// Job is the roaming-commands queue message.
type Job struct {
	CommandID string `json:"command_id"`
}

// StartRequest is the app's request to charge on a partner network.
type StartRequest struct {
	PartnerID  string `json:"partner_id"`
	LocationID string `json:"location_id"`
	EvseUID    string `json:"evse_uid"`
}

// Repo is the eMSP data access layer.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// InsertCommand stores a command unless (driver, client key) exists.
func (r *Repo) InsertCommand(ctx context.Context, q dbutil.Querier, c Command) error {
	_, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO roaming_commands (id, driver_id, client_key, partner_id, location_id, evse_uid, status)
		VALUES (?, ?, ?, ?, ?, ?, 'queued')`,
		c.ID, c.DriverID, c.ClientKey, c.PartnerID, c.LocationID, c.EvseUID)
	return err
}

// GetCommand loads a command.
func (r *Repo) GetCommand(ctx context.Context, q dbutil.Querier, id string) (Command, error) {
	var c Command
	err := q.QueryRowContext(ctx, `
		SELECT id, driver_id, client_key, partner_id, location_id, evse_uid, status
		FROM roaming_commands WHERE id = ?`, id).
		Scan(&c.ID, &c.DriverID, &c.ClientKey, &c.PartnerID, &c.LocationID, &c.EvseUID, &c.Status)
	if err != nil {
		return Command{}, fmt.Errorf("get command %s: %w", id, dbutil.NotFound(err))
	}
	return c, nil
}

// SetCommandResult records the partner's answer.
func (r *Repo) SetCommandResult(ctx context.Context, q dbutil.Querier, id, status, result string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE roaming_commands SET status = ?, partner_result = ? WHERE id = ?`, status, result, id)
	return err
}

// TokenUID returns the driver's roaming token.
func (r *Repo) TokenUID(ctx context.Context, q dbutil.Querier, driverID string) (string, error) {
	var uid sql.NullString
	err := q.QueryRowContext(ctx, `SELECT roaming_token_uid FROM drivers WHERE id = ?`, driverID).Scan(&uid)
	if err != nil {
		return "", dbutil.NotFound(err)
	}
	if !uid.Valid {
		return "", errors.New("driver has no roaming token")
	}
	return uid.String, nil
}

// Requester accepts app requests to start roaming sessions.
type Requester struct {
	db   *sql.DB
	repo *Repo
	jobs queue.Publisher
}

// NewRequester wires the requester.
func NewRequester(db *sql.DB, repo *Repo, jobs queue.Publisher) *Requester {
	return &Requester{db: db, repo: repo, jobs: jobs}
}

// Request stores the command (once per client key) and queues it.
func (r *Requester) Request(ctx context.Context, driverID, clientKey string, req StartRequest) (Command, error) {
	c := Command{
		ID:         ids.Derived("roaming-start", driverID, clientKey),
		DriverID:   driverID,
		ClientKey:  clientKey,
		PartnerID:  req.PartnerID,
		LocationID: req.LocationID,
		EvseUID:    req.EvseUID,
	}
	if err := r.repo.InsertCommand(ctx, r.db, c); err != nil {
		return Command{}, fmt.Errorf("store roaming command: %w", err)
	}
	stored, err := r.repo.GetCommand(ctx, r.db, c.ID)
	if err != nil {
		return Command{}, err
	}
	if stored.Status != "queued" {
		return stored, nil
	}
	if _, err := r.jobs.Publish(ctx, Job{CommandID: c.ID},
		queue.WithGroup("driver-"+driverID),
		queue.WithDedupID(c.ID),
	); err != nil {
		return Command{}, fmt.Errorf("queue roaming command: %w", err)
	}
	return stored, nil
}

// PartnerReader resolves partners.
type PartnerReader interface {
	Get(ctx context.Context, q dbutil.Querier, id string) (roaming.Partner, error)
}

// CommandClient sends commands to partners.
type CommandClient interface {
	StartSession(ctx context.Context, p roaming.Partner, cmd roaming.StartSessionCommand, opts ...func(*roaming.RequestBuilder)) (roaming.CommandResponse, error)
}

// Sender relays queued commands to partner CPOs.
type Sender struct {
	db          *sql.DB
	repo        *Repo
	partners    PartnerReader
	client      CommandClient
	callbackURL string
}

// NewSender wires the sender.
func NewSender(db *sql.DB, repo *Repo, partners PartnerReader, client CommandClient, callbackURL string) *Sender {
	return &Sender{db: db, repo: repo, partners: partners, client: client, callbackURL: callbackURL}
}

// Send relays one command.
func (s *Sender) Send(ctx context.Context, commandID string) error {
	c, err := s.repo.GetCommand(ctx, s.db, commandID)
	if err != nil {
		return err
	}
	if c.Status != "queued" {
		return nil
	}
	p, err := s.partners.Get(ctx, s.db, c.PartnerID)
	if err != nil {
		return err
	}
	uid, err := s.repo.TokenUID(ctx, s.db, c.DriverID)
	if err != nil {
		return err
	}
	cmd := roaming.StartSessionCommand{
		ResponseURL:            s.callbackURL + "/" + c.ID,
		Token:                  roaming.CdrToken{CountryCode: "GB", PartyID: "VLT", UID: uid, Type: "APP_USER", ContractID: "GB-VLT-" + c.DriverID[:8]},
		LocationID:             c.LocationID,
		EvseUID:                c.EvseUID,
		AuthorizationReference: c.ID[:36],
	}
	resp, err := retry.DoWithData(func() (roaming.CommandResponse, error) {
		return s.client.StartSession(ctx, p, cmd, roaming.WithCorrelation(c.ID))
	},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(time.Second),
		retry.RetryIf(roaming.IsTemporary),
		retry.LastErrorOnly(true),
	)
	if err != nil {
		if roaming.IsTemporary(err) {
			return err
		}
		return s.repo.SetCommandResult(ctx, s.db, c.ID, "failed", err.Error())
	}
	status := "accepted"
	if resp.Result != "ACCEPTED" {
		status = "rejected"
	}
	return s.repo.SetCommandResult(ctx, s.db, c.ID, status, resp.Result)
}
