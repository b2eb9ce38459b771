package sinks

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

var jobClient *river.Client[any]

// FollowUpArgs are unique by every field: river keys the job on all of
// them.
type FollowUpArgs struct {
	ShipmentID string `json:"shipment_id"`
	TraceID    string `json:"trace_id"`
}

func (FollowUpArgs) Kind() string { return "follow_up" }

func (FollowUpArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: time.Hour}}
}

// TaggedArgs are unique by the shipment alone.
type TaggedArgs struct {
	ShipmentID string `json:"shipment_id" river:"unique"`
	TraceID    string `json:"trace_id"`
}

func (TaggedArgs) Kind() string { return "tagged" }

func (TaggedArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// PlainArgs are not unique unless the insert's options say so.
type PlainArgs struct {
	ShipmentID string `json:"shipment_id"`
	TraceID    string `json:"trace_id"`
}

func (PlainArgs) Kind() string { return "plain" }

// A fresh trace ID in arguments unique by all their fields: a retry's
// job has other arguments, and river inserts it beside the first.
func followUp(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString() // want `job's unique argument TraceID`
	jobClient.Insert(r.Context(), FollowUpArgs{ShipmentID: r.FormValue("shipment"), TraceID: trace}, nil)
}

// Unique by the options the call gives.
func followUpOpts(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString() // want `job's unique argument TraceID`
	opts := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
	jobClient.Insert(r.Context(), PlainArgs{ShipmentID: r.FormValue("shipment"), TraceID: trace}, opts)
}

// Negative: the key is the tagged shipment ID; the trace is data.
func followUpTagged(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString()
	jobClient.Insert(r.Context(), TaggedArgs{ShipmentID: r.FormValue("shipment"), TraceID: trace}, nil)
}

// Negative: a job not unique has no key for the value to defeat.
func followUpPlain(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString()
	jobClient.Insert(r.Context(), PlainArgs{ShipmentID: r.FormValue("shipment"), TraceID: trace}, nil)
}

// Negative: options from elsewhere are not known to be unique by args.
func followUpGiven(ctx context.Context, shipment string, opts *river.InsertOpts) {
	jobClient.Insert(ctx, PlainArgs{ShipmentID: shipment, TraceID: uuid.NewString()}, opts)
}

// Negative: unique by period and queue, not by the arguments.
func followUpPeriod(w http.ResponseWriter, r *http.Request) {
	trace := uuid.NewString()
	opts := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
	jobClient.Insert(r.Context(), PlainArgs{ShipmentID: r.FormValue("shipment"), TraceID: trace}, opts)
}
