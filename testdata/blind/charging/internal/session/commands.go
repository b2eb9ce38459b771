package session

import (
	"context"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/queue"
)

// Command types understood by the OCPP station gateway.
const (
	CmdRemoteStart = "RemoteStartTransaction"
	CmdRemoteStop  = "RemoteStopTransaction"
)

// StationCommand is consumed by the OCPP gateway, which relays it to the
// charge point. Commands for one station are ordered through a FIFO group.
type StationCommand struct {
	CommandID   string    `json:"command_id"`
	Type        string    `json:"type"`
	StationID   string    `json:"station_id"`
	ConnectorID int       `json:"connector_id"`
	SessionID   string    `json:"session_id"`
	IdTag       string    `json:"id_tag,omitempty"`
	IssuedAt    time.Time `json:"issued_at"`
}

// NewCommand builds a command for s.
func NewCommand(kind string, s Session) StationCommand {
	return StationCommand{
		CommandID:   ids.NewULID(),
		Type:        kind,
		StationID:   s.StationID,
		ConnectorID: s.ConnectorID,
		SessionID:   s.ID,
		IdTag:       s.ID[:20],
		IssuedAt:    time.Now().UTC(),
	}
}

// StartCommand builds the remote-start for s. Its ID is derived from the
// session so re-sending it is collapsed by the queue.
func StartCommand(s Session) StationCommand {
	cmd := NewCommand(CmdRemoteStart, s)
	cmd.CommandID = ids.Derived("remote-start", s.ID)
	return cmd
}

// CommandSender publishes station commands.
type CommandSender interface {
	Send(ctx context.Context, cmd StationCommand) error
}

// FIFOCommandSender sends to the station-commands FIFO queue.
type FIFOCommandSender struct {
	pub queue.Publisher
}

// NewFIFOCommandSender wraps a FIFO publisher.
func NewFIFOCommandSender(pub queue.Publisher) *FIFOCommandSender {
	return &FIFOCommandSender{pub: pub}
}

// Send publishes cmd, grouped by station and deduplicated by command ID.
func (f *FIFOCommandSender) Send(ctx context.Context, cmd StationCommand) error {
	_, err := f.pub.Publish(ctx, cmd,
		queue.WithGroup("station-"+cmd.StationID),
		queue.WithDedupID(cmd.CommandID),
		queue.WithAttribute("command_type", cmd.Type),
	)
	if err != nil {
		return fmt.Errorf("send %s for session %s: %w", cmd.Type, cmd.SessionID, err)
	}
	return nil
}
