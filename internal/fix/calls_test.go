package fix

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"
)

const callsSrc = `package p

import errs "errors"

type Tx struct{}

func (*Tx) Commit() error   { return nil }
func (*Tx) Rollback() error { return nil }

var errNo = errs.New("no")

func f(tx, other *Tx, err error) error {
	defer tx.Rollback()
	defer func() { _ = other.Rollback() }()
	if errs.Is(err, errNo) {
		return nil
	}
	if err != nil {
		return err
	}
	if (nil) == err {
		return nil
	}
	return tx.Commit()
}
`

func TestCallsFuncAndMethods(t *testing.T) {
	tc := typeCheck(t, callsSrc)
	tx, other := tc.lookup(t, "f", "tx"), tc.lookup(t, "f", "other")
	is := tc.stmt(t, "f", 2).(*ast.IfStmt).Cond.(*ast.CallExpr)
	if !CallsFunc(tc.info, is, "errors", "Is") || CallsFunc(tc.info, is, "errors", "As") {
		t.Error("CallsFunc: errs.Is is errors.Is, under its import's name, and not errors.As")
	}
	ret := tc.stmt(t, "f", 5)
	if !CallsMethod(tc.info, ret, tx, "Commit") || CallsMethod(tc.info, ret, other, "Commit") || CallsMethod(tc.info, ret, tx, "Rollback") {
		t.Error("CallsMethod: return tx.Commit() calls Commit on tx only")
	}
	for i, want := range map[int][2]bool{0: {true, false}, 1: {false, true}, 5: {false, false}} {
		st := tc.stmt(t, "f", i)
		if got := [2]bool{DefersMethod(tc.info, st, tx, "Rollback"), DefersMethod(tc.info, st, other, "Rollback")}; got != want {
			t.Errorf("DefersMethod(statement %d) = %v, want %v", i, got, want)
		}
	}
}

func TestNilTests(t *testing.T) {
	tc := typeCheck(t, callsSrc)
	err, tx := tc.lookup(t, "f", "err"), tc.lookup(t, "f", "tx")
	neq := tc.stmt(t, "f", 3).(*ast.IfStmt).Cond
	eql := tc.stmt(t, "f", 4).(*ast.IfStmt).Cond
	for _, c := range []struct {
		name string
		e    ast.Expr
		op   token.Token
		want bool
	}{
		{"err != nil", neq, token.NEQ, true},
		{"err != nil as ==", neq, token.EQL, false},
		{"(nil) == err", eql, token.EQL, true},
		{"a call", tc.stmt(t, "f", 2).(*ast.IfStmt).Cond, token.NEQ, false},
	} {
		if got := IsNilTest(tc.info, c.e, err, c.op); got != c.want {
			t.Errorf("IsNilTest(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	if CheckedErr(tc.info, neq) != err || CheckedErr(tc.info, eql) != nil {
		t.Error("CheckedErr: err != nil checks err; == nil checks nothing")
	}
	f := tc.pkg.Scope().Lookup("f").Type().(*types.Signature)
	commit := tc.pkg.Scope().Lookup("Tx").Type().(*types.Named).Method(0).Type().(*types.Signature)
	if !IsError(err.Type()) || IsError(tx.Type()) || !ReturnsError(f) || !ReturnsError(commit) {
		t.Error("IsError, ReturnsError: err is an error, tx is not; f and Commit return one")
	}
}
