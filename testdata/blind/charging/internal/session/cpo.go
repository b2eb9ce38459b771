package session

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/roaming"
)

// RemoteStarter handles START_SESSION commands from eMSP partners whose
// drivers want to charge on our network.
type RemoteStarter struct {
	db       *sql.DB
	repo     *Repo
	tariffs  TariffReader
	commands CommandSender
}

// NewRemoteStarter wires the starter.
func NewRemoteStarter(db *sql.DB, repo *Repo, tariffs TariffReader, cmds CommandSender) *RemoteStarter {
	return &RemoteStarter{db: db, repo: repo, tariffs: tariffs, commands: cmds}
}

// Start creates a roaming session and asks the station to start it. The
// returned result is the synchronous OCPI command answer.
func (r *RemoteStarter) Start(ctx context.Context, partnerID string, cmd roaming.StartSessionCommand) (roaming.CommandResponse, error) {
	st, err := r.repo.GetStationByEvse(ctx, r.db, cmd.LocationID, cmd.EvseUID)
	if errors.Is(err, dbutil.ErrNotFound) {
		return roaming.CommandResponse{Result: "REJECTED"}, nil
	}
	if err != nil {
		return roaming.CommandResponse{}, err
	}
	if st.Status != "AVAILABLE" && st.Status != "PREPARING" {
		return roaming.CommandResponse{Result: "REJECTED"}, nil
	}
	tv, err := r.tariffs.Current(ctx, r.db, st.TariffID)
	if err != nil {
		return roaming.CommandResponse{}, err
	}
	connector := 1
	if cmd.ConnectorID != "" {
		if _, err := fmt.Sscan(cmd.ConnectorID, &connector); err != nil {
			return roaming.CommandResponse{Result: "REJECTED"}, nil
		}
	}
	s := Session{
		ID:                     ids.NewUUID(),
		StationID:              st.ID,
		ConnectorID:            connector,
		Origin:                 OriginRoaming,
		PartnerID:              sql.NullString{String: partnerID, Valid: true},
		AuthorizationReference: sql.NullString{String: cmd.AuthorizationReference, Valid: cmd.AuthorizationReference != ""},
		PartnerTokenUID:        sql.NullString{String: cmd.Token.UID, Valid: true},
		Status:                 StatusAuthorized,
		TariffID:               tv.TariffID,
		Currency:               tv.Currency,
	}
	if err := r.repo.Insert(ctx, r.db, s); err != nil {
		return roaming.CommandResponse{}, err
	}
	if err := r.commands.Send(ctx, StartCommand(s)); err != nil {
		return roaming.CommandResponse{}, err
	}
	return roaming.CommandResponse{Result: "ACCEPTED", Timeout: 30}, nil
}
