package sinks

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
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

// StampedArgs carry the time they were requested, which river's
// unique key includes.
type StampedArgs struct {
	ShipmentID  string    `json:"shipment_id"`
	RequestedAt time.Time `json:"requested_at"`
}

func (StampedArgs) Kind() string { return "stamped" }

func (StampedArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// A time read per attempt in arguments unique by all their fields.
func followUpStamped(w http.ResponseWriter, r *http.Request) {
	jobClient.Insert(r.Context(), StampedArgs{ShipmentID: r.FormValue("shipment"), RequestedAt: time.Now().UTC()}, nil) // want `job.s unique argument RequestedAt, so the duplicate is not recognised: time.Now\(\) is fresh`
}

// Inserter is the part of river's client the program uses.
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

var inserter Inserter

// Through an interface of the program's that mirrors the client.
func followUpMirror(w http.ResponseWriter, r *http.Request) {
	inserter.Insert(r.Context(), StampedArgs{ShipmentID: r.FormValue("shipment"), RequestedAt: time.Now().UTC()}, nil) // want `job.s unique argument RequestedAt`
}
