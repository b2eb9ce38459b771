package catalog

import (
	"go/types"
	"strings"
)

// Job queues that keep their jobs in the program's database, as data:
// their inserts are writes of a table there, which commit with the
// transaction they are given or, without one, on their own (river's
// Insert on the client's pool). A job inserted twice runs twice, unless
// its options make it unique.

// A JobInsert is where a queue's insert of jobs finds what it writes
// and where it commits, by parameter index (-1 for none).
type JobInsert struct {
	Table string // the queue's table of jobs
	Tx    int    // the transaction it runs in, when it is given one
	Args  int    // the arguments of the one job it inserts
	Opts  int    // that job's insert options
	Batch int    // the jobs of a batch, each with its arguments and options
}

// JobQueue names the types of one queue's API: its arguments, its
// options and the field of the options that makes a job unique, and a
// batch's entries with their fields.
type JobQueue struct {
	Args, Opts, Unique, ArgsOpts string
	Entry, EntryArgs, EntryOpts  string
	// UniqueOpts is the type of the options' Unique field, and ByArgs
	// its field that makes the arguments the job's key.
	UniqueOpts, ByArgs string
}

// River is river's queue (github.com/riverqueue/river).
var River = JobQueue{
	Args:       "github.com/riverqueue/river.JobArgs",
	Opts:       "github.com/riverqueue/river.InsertOpts",
	Unique:     "UniqueOpts",
	ArgsOpts:   "InsertOpts", // JobArgsWithInsertOpts' method
	Entry:      "github.com/riverqueue/river.InsertManyParams",
	EntryArgs:  "Args",
	EntryOpts:  "InsertOpts",
	UniqueOpts: "github.com/riverqueue/river.UniqueOpts",
	ByArgs:     "ByArgs",
}

// jobInserts are the inserts of the queues' clients, by FuncKey.
var jobInserts = map[string]JobInsert{
	"(*github.com/riverqueue/river.Client[TTx]).Insert":           {Table: "river_job", Tx: -1, Args: 1, Opts: 2, Batch: -1},
	"(*github.com/riverqueue/river.Client[TTx]).InsertTx":         {Table: "river_job", Tx: 1, Args: 2, Opts: 3, Batch: -1},
	"(*github.com/riverqueue/river.Client[TTx]).InsertMany":       {Table: "river_job", Tx: -1, Args: -1, Opts: -1, Batch: 1},
	"(*github.com/riverqueue/river.Client[TTx]).InsertManyTx":     {Table: "river_job", Tx: 1, Args: -1, Opts: -1, Batch: 2},
	"(*github.com/riverqueue/river.Client[TTx]).InsertManyFast":   {Table: "river_job", Tx: -1, Args: -1, Opts: -1, Batch: 1},
	"(*github.com/riverqueue/river.Client[TTx]).InsertManyFastTx": {Table: "river_job", Tx: 1, Args: -1, Opts: -1, Batch: 2},
}

// jobInsertNames are the methods' names of jobInserts.
var jobInsertNames = func() map[string]bool {
	out := map[string]bool{}
	for key := range jobInserts {
		out[methodName(key)] = true
	}
	return out
}()

// JobInsertOf returns the insert of jobs fn makes: a queue client's
// method, or a method of an interface of the program's that mirrors one
// (the same name and parameters, which the client implements).
func JobInsertOf(fn *types.Func) (JobInsert, bool) {
	if !jobInsertNames[fn.Name()] {
		return JobInsert{}, false // every call of a program asks: most are no insert
	}
	if ins, ok := lookup(jobInserts, fn); ok {
		return ins, true
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return JobInsert{}, false
	}
	for key, ins := range jobInserts {
		if methodName(key) == fn.Name() && mirrors(sig, ins) {
			return ins, true
		}
	}
	return JobInsert{}, false
}

// mirrors reports whether an interface method's parameters are those of
// a queue client's insert: its arguments and options, or its batch, at
// the same places.
func mirrors(sig *types.Signature, ins JobInsert) bool {
	params := sig.Params()
	want := map[int]string{ins.Args: River.Args, ins.Opts: "*" + River.Opts, ins.Batch: "[]" + River.Entry}
	delete(want, -1)
	if params.Len() != len(want)+1+btoi(ins.Tx >= 0) || TypeKey(params.At(0).Type()) != "context.Context" {
		return false
	}
	for i, t := range want {
		if TypeKey(params.At(i).Type()) != t {
			return false
		}
	}
	return true
}

// methodName returns the method's name of a FuncKey.
func methodName(key string) string {
	return key[strings.LastIndex(key, ".")+1:]
}
