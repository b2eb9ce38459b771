// Package fix builds the text edits of suggested fixes so that the fixed
// file is gofmt-clean and compiles: replacements indented like the code
// around them, and imports added in sorted position.
//
// What a check decides (which statement moves where, which name it
// writes) it passes to this package as typed values; the text is made
// here:
//
//   - rendering (render.go): statements at indentation zero from their
//     parts (IfStmt, ElseIf, Block, ReturnStmt, DefineStmt), indented
//     where they go (StmtBefore, StmtAfter, Indent);
//   - statement motion (stmts.go, motion.go): moving and deleting whole
//     lines with their comments, and whether a move keeps the meaning of
//     the moved code (CanMoveUp, SameAt);
//   - names (names.go, vars.go): what a name means at a position, whether
//     a name is free, fresh names, the uses and assignments of a variable;
//   - errors and calls (errcheck.go, calls.go): checks of an error, nil
//     tests, the function or method a call calls (on typeutil.Callee);
//   - zero values, imports, SQL dialects, and the conflict clauses and
//     INSERTs that absorb a duplicate (zero.go, imports.go, dialect.go,
//     insert.go);
//   - where a node stands (cursor.go, args.go): on inspector.Cursor, the
//     statement of a block around a node, the argument of a call.
package fix
