package catalog

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"sync"
)

// ent generates its API into the module that uses it: a package (often
// named ent) with a Client, a Tx, and for each entity a client
// (client.Transfer, of type *TransferClient) whose methods begin
// statement builders (Create, UpdateOneID, ...) that Save or Exec runs.
// No type of that API has a fixed path, so the generated package is
// known by its shape, and its Client and Tx are keyed as entgo.io/ent's
// ("*entgo.io/ent.Client"): the driver table then holds them as it
// holds any driver's handle and transaction.

const entPath = "entgo.io/ent"

// entPackages caches IsEntPackage, which is asked of the package of
// every named Client or Tx type a key is made for.
var entPackages sync.Map // *types.Package → bool

// IsEntPackage reports whether pkg is an API ent generated: its Client
// begins a transaction with Tx, and the transaction commits and gives
// back a Client.
func IsEntPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	if v, ok := entPackages.Load(pkg); ok {
		return v.(bool)
	}
	ok := declaresMethod(pkg, "Client", "Tx") && declaresMethod(pkg, "Client", "BeginTx") &&
		declaresMethod(pkg, "Tx", "Client") && declaresMethod(pkg, "Tx", "Commit")
	entPackages.Store(pkg, ok)
	return ok
}

// declaresMethod reports whether pkg declares a type name whose pointer has
// a method m.
func declaresMethod(pkg *types.Package, name, m string) bool {
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, m)
	_, ok = obj.(*types.Func)
	return ok
}

// generatedPath is the path a key names obj's package by: entgo.io/ent
// for the Client and Tx of a package ent generated, else its own.
func generatedPath(obj *types.TypeName) string {
	if name := obj.Name(); (name == "Client" || name == "Tx") && IsEntPackage(obj.Pkg()) {
		return entPath
	}
	return obj.Pkg().Path()
}

// EntBuilder describes a builder type ent generates for an entity, by
// the suffix of its name: the statement its Save or Exec runs, and
// whether it is the upsert that OnConflict returns.
type EntBuilder struct {
	Suffix, Kind string
	Upsert       bool
}

// entBuilders, the longer of two suffixes first (CreateBulk before
// Create).
var entBuilders = []EntBuilder{
	{"CreateBulk", "INSERT", false}, {"Create", "INSERT", false},
	{"UpsertOne", "INSERT", true}, {"UpsertBulk", "INSERT", true},
	{"UpdateOne", "UPDATE", false}, {"Update", "UPDATE", false},
	{"DeleteOne", "DELETE", false}, {"Delete", "DELETE", false},
	{"Query", "SELECT", false},
}

// entRunners are the builders' methods that run the statement: a
// write's, and a query's.
var entRunners = []string{
	"Save", "SaveX", "Exec", "ExecX", "ID", "IDX",
	"Only", "OnlyX", "OnlyID", "OnlyIDX", "First", "FirstX", "FirstID", "FirstIDX",
	"All", "AllX", "IDs", "IDsX", "Count", "CountX", "Exist", "ExistX",
}

// EntStarts are the methods of an entity's client that begin a
// builder, and the ones among them whose argument is the row's ID
// (UpdateOneID) or the entity itself (UpdateOne).
var (
	entStarts = []string{"Create", "CreateBulk", "MapCreateBulk", "Update", "UpdateOne", "UpdateOneID", "Delete", "DeleteOne", "DeleteOneID", "Query"}
	entByID   = []string{"UpdateOneID", "DeleteOneID"}
)

// The builders' methods that refine a statement, by what they add:
// Set<Field>(v) and SetNillable<Field>(p) a column's value, Add<Field>(n)
// an increment, OnConflict and OnConflictColumns conflict handling that
// DoNothing or Ignore make absorb a duplicate and UpdateNewValues or
// Update make overwrite the row.
const (
	EntSet         = "Set"
	EntSetNillable = "SetNillable"
	EntAdd         = "Add"
)

var (
	entOnConflict = []string{"OnConflict", "OnConflictColumns"}
	entAbsorb     = []string{"DoNothing", "Ignore"}
	entOverwrite  = []string{"UpdateNewValues", "Update"}
)

// EntRunner returns the entity and the builder whose statement fn runs,
// when fn is a runner (Save, Exec) of a builder ent generated.
func EntRunner(fn *types.Func) (entity string, b EntBuilder, ok bool) {
	if !slices.Contains(entRunners, fn.Name()) {
		return "", EntBuilder{}, false
	}
	return EntBuilderType(fn)
}

// EntReturnsRow reports whether fn, a runner, reads back the row (or
// its ID) the statement wrote: ID, Save and their X forms.
func EntReturnsRow(fn *types.Func) bool {
	switch fn.Name() {
	case "ID", "IDX", "Save", "SaveX":
		return true
	}
	return false
}

// EntBuilderType returns the entity and builder of the receiver of fn,
// a method of a builder ent generated.
func EntBuilderType(fn *types.Func) (string, EntBuilder, bool) {
	named := recvNamed(fn)
	if named == nil || !IsEntPackage(named.Obj().Pkg()) {
		return "", EntBuilder{}, false
	}
	name := named.Obj().Name()
	for _, b := range entBuilders {
		if entity, ok := strings.CutSuffix(name, b.Suffix); ok && entity != "" {
			if _, ok := named.Obj().Pkg().Scope().Lookup(entity).(*types.TypeName); ok {
				return entity, b, true
			}
		}
	}
	return "", EntBuilder{}, false
}

// IsEntStart reports whether fn is the method of an entity's client
// that begins a builder (client.Transfer.Create()), and whether its
// argument is the row's ID.
func IsEntStart(fn *types.Func) (start, byID bool) {
	named := recvNamed(fn)
	if named == nil || !strings.HasSuffix(named.Obj().Name(), "Client") || !IsEntPackage(named.Obj().Pkg()) {
		return false, false
	}
	return slices.Contains(entStarts, fn.Name()), slices.Contains(entByID, fn.Name())
}

// IsEntOnConflict, IsEntAbsorb and IsEntOverwrite classify a method of
// an INSERT builder by its conflict handling.
func IsEntOnConflict(name string) bool { return slices.Contains(entOnConflict, name) }
func IsEntAbsorb(name string) bool     { return slices.Contains(entAbsorb, name) }
func IsEntOverwrite(name string) bool  { return slices.Contains(entOverwrite, name) }

// IsEntTxClient reports whether fn is the method of an ent transaction
// that returns a client bound to it (tx.Client()).
func IsEntTxClient(fn *types.Func) bool {
	named := recvNamed(fn)
	return named != nil && fn.Name() == "Client" && named.Obj().Name() == "Tx" && IsEntPackage(named.Obj().Pkg())
}

// EntTable returns the table of entity, declared in pkg's package for
// the entity (the constant Table of ent/transfer), or ent's default,
// the plural of the name in snake case.
func EntTable(pkg *types.Package, entity string) string {
	if s, ok := entConst(pkg, entity, "Table"); ok {
		return s
	}
	return GormTable(entity)
}

// EntColumn returns the column of the entity's field whose Go name is
// field (the constant FieldAmountCents of ent/transfer), or its name in
// snake case.
func EntColumn(pkg *types.Package, entity, field string) string {
	if s, ok := entConst(pkg, entity, "Field"+field); ok {
		return s
	}
	return GormColumn(field)
}

// entConst returns the string constant name of the package ent
// generates for entity beside pkg (pkg's path, then the entity's name in
// lower case), when pkg imports it.
func entConst(pkg *types.Package, entity, name string) (string, bool) {
	path := pkg.Path() + "/" + strings.ToLower(entity)
	for _, imp := range pkg.Imports() {
		if imp.Path() != path {
			continue
		}
		if c, ok := imp.Scope().Lookup(name).(*types.Const); ok && c.Val().Kind() == constant.String {
			return constant.StringVal(c.Val()), true
		}
	}
	return "", false
}

// recvNamed returns the named type of fn's receiver, or nil.
func recvNamed(fn *types.Func) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := types.Unalias(t).(*types.Named)
	return named
}

// IsEntConflictColumns reports whether fn is the option that names an
// upsert's conflict columns (sql.ConflictColumns("key")).
func IsEntConflictColumns(fn *types.Func) bool {
	return FuncKey(fn) == entPath+"/dialect/sql.ConflictColumns"
}

// IsEntSetter reports whether fn is a builder's method that sets a
// column (SetID, SetNillableNote): its argument is the column's value.
func IsEntSetter(fn *types.Func) bool {
	if !strings.HasPrefix(fn.Name(), EntSet) {
		return false
	}
	_, _, ok := EntBuilderType(fn)
	return ok
}

// EntPredicate returns the column a predicate of an entity's package
// tests for equality with its argument (transfer.IdempotencyKey(k),
// transfer.IDEQ(id)), when fn is one.
func EntPredicate(fn *types.Func) (string, bool) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || fn.Pkg() == nil {
		return "", false
	}
	field := strings.TrimSuffix(fn.Name(), "EQ")
	c, ok := fn.Pkg().Scope().Lookup("Field" + field).(*types.Const)
	if !ok || c.Val().Kind() != constant.String {
		return "", false
	}
	// The entity's package is the ent package's, one level down.
	if _, ok := fn.Pkg().Scope().Lookup("Table").(*types.Const); !ok {
		return "", false
	}
	return constant.StringVal(c.Val()), true
}

// IsEntClient reports whether t is the Client of an API ent generates:
// the database's, or one a Tx gives back (tx.Client()), which runs in
// the transaction; its type alone does not say which.
func IsEntClient(t types.Type) bool { return TypeKey(t) == "*"+entPath+".Client" }
