//! What the scan remembers between tokens: one [`Frame`] per open bracket (with the units
//! pending in it), and what the previous token says about the next one ([`Prev`]).
//!
//! Every decision in the other files reads or writes these, and nothing else: a new rule starts
//! by asking which of these fields it needs.

/// Who opened a `(`: decides what its `)` is followed by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ParenOwner {
    /// `if (`, `while (`, `for (`, `with (`: a `/` after its `)` starts a regex.
    StatementHead,
    /// The parameters of a function: its body follows.
    FunctionParams {
        declaration: bool,
    },
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum FrameKind {
    Paren(ParenOwner),
    Bracket,
    /// `block`: its contents are statements (a block or a function body), not properties or
    /// class members. `ends_statement`: its `}` ends a statement (a block, a function or class
    /// declaration), so a `/` after it starts a regex; otherwise it ended an expression.
    Brace {
        block: bool,
        ends_statement: bool,
    },
    Template,
}

/// One open bracket (or the whole script, the outermost frame, which is never closed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) kind: FrameKind,
    /// Depth at which this frame's own tokens start.
    pub(super) base: u32,
    /// Right-associative and statement units pending in this frame.
    pub(super) assoc: u32,
    /// The current run of prefix operators.
    pub(super) prefix: u32,
    /// The precedences of the binary operators whose right operand is being parsed, one bit
    /// each: the parser climbs precedences recursively, so `a || b && c | d` nests three deep
    /// while `a + b + c` does not nest at all.
    pub(super) climbing: u16,
    /// Open `?` of conditional expressions, so that a `:` can be told from a label's.
    pub(super) open_conditionals: u32,
    /// A `function` or `class` keyword seen in this frame whose body has not opened yet.
    pub(super) pending_body: Option<PendingBody>,
    /// Inside `case …:` / `default:` before its colon.
    pub(super) in_case_label: bool,
    /// `else` clauses of the current `if … else if …` chain: the tree nests once per `else`
    /// although each clause ends with `;` or `}`.
    pub(super) else_chain: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PendingBody {
    Function { declaration: bool },
    Class { declaration: bool },
}

impl Frame {
    pub(super) fn new(kind: FrameKind, base: u32) -> Self {
        Frame {
            kind,
            base,
            assoc: 0,
            prefix: 0,
            climbing: 0,
            open_conditionals: 0,
            pending_body: None,
            in_case_label: false,
            else_chain: 0,
        }
    }

    pub(super) fn depth(&self) -> u32 {
        self.base + self.assoc + self.prefix + self.climbing.count_ones() + self.else_chain
    }

    /// Everything pending in this frame has been parsed: a new statement or list item starts.
    pub(super) fn reset(&mut self) {
        self.assoc = 0;
        self.prefix = 0;
        self.climbing = 0;
    }

    /// A statement ended: as `reset`, and no conditional can still be open.
    pub(super) fn end_statement(&mut self) {
        self.reset();
        self.open_conditionals = 0;
    }
}

/// What the previous token tells about the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prev {
    /// Start of input, or a token after which an expression (so a regex) may start.
    ExpectOperand,
    /// A token that ends an operand (identifier, literal, `]`, postfix `++`, …).
    EndsOperand,
    /// `)` of a statement head, `else`, `do`, or a label's `:`: a nested statement follows.
    StatementBodyNext,
    /// `}` that closed a statement: a new statement follows.
    EndsStatement,
    /// `}` that closed an expression (object literal, function or class expression).
    EndsExpression,
}

impl Prev {
    /// Whether an operand may start here: then `/` starts a regex and `+`/`-` are prefix.
    pub(super) fn expects_operand(self) -> bool {
        match self {
            Prev::ExpectOperand | Prev::StatementBodyNext | Prev::EndsStatement => true,
            Prev::EndsOperand | Prev::EndsExpression => false,
        }
    }
}
